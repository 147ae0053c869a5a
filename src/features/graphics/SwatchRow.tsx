/** A row of colour swatches to choose one from: a radio group (arrows move, the name is the colour). */
import { Label, Radio, RadioGroup } from 'react-aria-components';

export function SwatchRow({ label, colors, value, onChange }: { label: string; colors: readonly string[]; value: string; onChange(color: string): void }) {
  return (
    <RadioGroup className="swatch-group" value={value.toUpperCase()} onChange={onChange} orientation="horizontal">
      <Label className="field-label">{label}</Label>
      <div className="swatch-row">
        {colors.map((c) => (
          <Radio key={c} value={c.toUpperCase()} aria-label={c.toUpperCase()} className="swatch">
            <span className="swatch-fill" style={{ background: c }} aria-hidden />
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}
