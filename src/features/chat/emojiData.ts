/**
 * The emoji the chat's picker offers: a curated set of about 150 native emoji in six categories,
 * each with its name and search words. Native characters need no images, fonts or requests, and
 * the picker is ours because the packaged pickers inject <style> tags, which the app's CSP
 * (style-src 'self', no nonce in a static build) blocks.
 *
 * Each line is "emoji name|extra search words".
 */

export interface EmojiEntry {
  emoji: string;
  name: string;
  /** Lower-case name and keywords, for search. */
  search: string;
}

export interface EmojiCategory {
  id: string;
  label: string;
  /** The emoji that stands for the category on its button. */
  icon: string;
  emoji: readonly EmojiEntry[];
}

const RAW: readonly { id: string; label: string; lines: readonly string[] }[] = [
  {
    id: 'smileys',
    label: 'Smileys',
    lines: [
      '😀 grinning face|smile happy', '😃 big smile|happy joy', '😄 smiling eyes|happy laugh', '😁 beaming face|grin', '😆 laughing|lol haha',
      '😅 sweat smile|phew relief', '🤣 rolling on the floor laughing|rofl lol', '😂 tears of joy|lol laugh crying', '🙂 slightly smiling|ok fine', '🙃 upside down|silly sarcasm',
      '😉 winking|wink', '😊 blushing smile|happy shy', '😇 halo|angel innocent', '🥰 smiling with hearts|love adore', '😍 heart eyes|love crush',
      '🤩 star struck|wow amazing', '😘 blowing a kiss|kiss love', '😋 yum|delicious tasty', '😜 winking tongue|playful joke', '🤪 zany|crazy goofy',
      '🤗 hugging|hug thanks', '🤭 hand over mouth|oops giggle', '🤫 shushing|quiet secret', '🤔 thinking|hmm wonder question', '🤨 raised eyebrow|skeptical doubt',
      '😐 neutral face|meh', '😶 no mouth|speechless', '😏 smirking|smug', '😒 unamused|bored', '🙄 rolling eyes|whatever',
      '😬 grimacing|awkward yikes', '😌 relieved|calm', '😴 sleeping|tired zzz', '😷 face with mask|sick', '🥳 partying face|party celebrate birthday',
      '😎 sunglasses|cool', '🤓 nerd|geek glasses', '😕 confused|unsure', '😮 open mouth|surprised wow', '😲 astonished|shocked',
      '🥺 pleading|please puppy eyes', '😢 crying|sad tear', '😭 loudly crying|sob sad', '😱 screaming|scared shock', '😤 huffing|frustrated',
      '😡 pouting|angry mad', '🤯 exploding head|mind blown', '🥱 yawning|bored tired',
    ],
  },
  {
    id: 'people',
    label: 'Gestures',
    lines: [
      '👍 thumbs up|like yes agree good', '👎 thumbs down|dislike no', '👏 clapping|applause bravo congrats', '🙌 raising hands|hooray celebrate', '👋 waving hand|hello hi bye',
      '🤝 handshake|deal agreement', '🙏 folded hands|please thanks pray', '✌️ victory hand|peace', '🤞 crossed fingers|luck hope', '👌 ok hand|perfect fine',
      '🤙 call me|shaka', '👉 pointing right|this', '👈 pointing left|that', '👆 pointing up|above', '👇 pointing down|below',
      '☝️ index up|one first', '✋ raised hand|stop question', '🤚 back of hand|raise', '💪 flexed biceps|strong power', '🫶 heart hands|love thanks',
      '✍️ writing hand|notes', '👀 eyes|look watching', '🧠 brain|smart think', '🙋 person raising hand|question me', '🤷 shrugging|dunno whatever',
      '🤦 facepalm|oops doh', '🙇 bowing|thank you sorry', '💁 information|tip',
    ],
  },
  {
    id: 'symbols',
    label: 'Hearts & symbols',
    lines: [
      '❤️ red heart|love', '🧡 orange heart|love', '💛 yellow heart|love', '💚 green heart|love', '💙 blue heart|love',
      '💜 purple heart|love', '🖤 black heart|love', '🤍 white heart|love', '💖 sparkling heart|love', '💯 hundred points|perfect 100 score',
      '✅ check mark|done yes correct', '☑️ checked box|done', '❌ cross mark|no wrong', '❗ exclamation|important', '❓ question mark|question',
      '⚠️ warning|caution', '⭐ star|favorite', '🌟 glowing star|shine', '✨ sparkles|magic new', '⚡ high voltage|zap fast',
      '🔥 fire|hot lit', '💥 collision|boom', '💬 speech balloon|chat comment', '💡 light bulb|idea tip', '➕ plus|add',
      '🆕 new button|new', '🆗 ok button|ok', '🔴 red circle|live record', '🟢 green circle|online ok', '⏰ alarm clock|time reminder',
    ],
  },
  {
    id: 'celebration',
    label: 'Celebration & objects',
    lines: [
      '🎉 party popper|tada celebrate congrats', '🎊 confetti ball|celebrate', '🎈 balloon|party', '🎁 gift|present', '🏆 trophy|win award champion',
      '🥇 first place medal|gold winner', '🎯 direct hit|target goal bullseye', '🚀 rocket|launch ship fast', '📈 chart increasing|growth up', '📉 chart decreasing|down',
      '📊 bar chart|stats poll', '📌 pushpin|pin important', '📎 paperclip|attachment', '📝 memo|notes write', '📣 megaphone|announcement',
      '🔔 bell|notification', '🎤 microphone|speak talk', '🎧 headphone|listen audio', '🎬 clapper board|video action', '📷 camera|photo',
      '💻 laptop|computer', '📱 mobile phone|phone', '🔗 link|url', '🔒 locked|secure private', '☕ hot beverage|coffee break',
    ],
  },
  {
    id: 'nature',
    label: 'Nature & food',
    lines: [
      '🌍 globe europe africa|world earth', '🌎 globe americas|world earth', '🌏 globe asia australia|world earth', '☀️ sun|sunny', '🌈 rainbow|pride',
      '🌧️ cloud with rain|rainy', '❄️ snowflake|cold winter', '🌱 seedling|grow new', '🌸 cherry blossom|spring flower', '🌻 sunflower|flower',
      '🐶 dog face|puppy', '🐱 cat face|kitty', '🦄 unicorn|magic', '🐝 honeybee|bee busy', '🍕 pizza|food',
      '🍔 hamburger|food burger', '🍩 doughnut|donut snack', '🍪 cookie|snack', '🍿 popcorn|movie watch', '🍰 shortcake|cake dessert',
    ],
  },
  {
    id: 'activities',
    label: 'Travel & activities',
    lines: [
      '✈️ airplane|travel flight', '🚗 automobile|car drive', '🏠 house|home', '🏢 office building|work', '🗺️ world map|travel',
      '⚽ soccer ball|football sport', '🏀 basketball|sport', '🎮 video game|gaming', '🎵 musical note|music song', '🎶 musical notes|music',
      '🎨 artist palette|art design', '📚 books|read learn', '🎓 graduation cap|learn school', '⏳ hourglass|wait time', '🛠️ hammer and wrench|tools build',
    ],
  },
];

function parse(line: string): EmojiEntry {
  const space = line.indexOf(' ');
  const emoji = line.slice(0, space);
  const [name = '', words = ''] = line.slice(space + 1).split('|');
  return { emoji, name, search: `${name} ${words}`.toLocaleLowerCase() };
}

export const EMOJI_CATEGORIES: readonly EmojiCategory[] = RAW.map(({ id, label, lines }) => {
  const emoji = lines.map(parse);
  return { id, label, icon: emoji[0]?.emoji ?? '', emoji };
});

export const ALL_EMOJI: readonly EmojiEntry[] = EMOJI_CATEGORIES.flatMap((c) => c.emoji);

/** Case-insensitive search on the name and keywords; every word of the query must match. */
export function searchEmoji(query: string): EmojiEntry[] {
  const words = query.trim().toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...ALL_EMOJI];
  return ALL_EMOJI.filter((e) => words.every((w) => e.search.includes(w)));
}
