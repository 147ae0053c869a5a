/**
 * A foreground video's choice for when it ends with loop off (state/media/videoEnd): leave the program
 * (the default) or hold the last frame. In the shared-video player, and as a section of the video's
 * menu so it can be set before the video goes on air.
 */
import { Check } from 'lucide-react';
import { Header, Label, MenuItem, MenuSection, Radio, RadioGroup, Text, type Selection } from 'react-aria-components';
import { setVideoEnd, useVideoEndStore, VIDEO_END_ACTIONS, videoEndOf, type VideoEndAction } from '../../state/media/videoEnd';
import { GRAPHICS_TEXTS as T } from './texts';

const isAction = (key: unknown): key is VideoEndAction => VIDEO_END_ACTIONS.includes(key as VideoEndAction);

export const useVideoEnd = (id: string): VideoEndAction => useVideoEndStore((s) => videoEndOf(id, s));

export function VideoEndChoice({ id, looping }: { id: string; looping: boolean }) {
  const end = useVideoEnd(id);
  return (
    <RadioGroup className="video-end" value={end} onChange={(v) => isAction(v) && setVideoEnd(id, v)} orientation="horizontal">
      <Label className="field-label">{T.videoEnd}</Label>
      <div className="video-end-options">
        {VIDEO_END_ACTIONS.map((action) => (
          <Radio key={action} value={action} className="video-end-option">
            {T.videoEndActions[action]}
          </Radio>
        ))}
      </div>
      {looping && (
        <Text slot="description" className="field-hint">
          {T.videoEndLooping}
        </Text>
      )}
    </RadioGroup>
  );
}

export function VideoEndMenuSection({ id }: { id: string }) {
  const end = useVideoEnd(id);
  const choose = (keys: Selection) => {
    const [key] = keys === 'all' ? [] : [...keys];
    if (isAction(key)) setVideoEnd(id, key);
  };
  return (
    <MenuSection className="menu-section" selectionMode="single" disallowEmptySelection selectedKeys={[end]} onSelectionChange={choose}>
      <Header className="menu-header">{T.videoEnd}</Header>
      {VIDEO_END_ACTIONS.map((action) => (
        <MenuItem key={action} id={action} textValue={T.videoEndActions[action]} className="menu-check-item">
          {({ isSelected }) => (
            <>
              <span className="menu-check" aria-hidden>
                {isSelected && <Check size={14} />}
              </span>
              {T.videoEndActions[action]}
            </>
          )}
        </MenuItem>
      ))}
    </MenuSection>
  );
}
