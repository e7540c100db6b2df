//! From the editions' characters to ours: OpenCC's traditional→simplified tables (through
//! `ferrous-opencc`), then the variant glyphs of these woodblock editions that OpenCC does not know.
//! A second, looser fold is for matching only: forms our cleaned text keeps in either shape.

use std::sync::OnceLock;

use ferrous_opencc::OpenCC;
use ferrous_opencc::config::BuiltinConfig;

/// Variant glyphs of the editions and the simplified character they stand for. Each is the same
/// word written another way (賔 = 賓, 荅 = 答 …); OpenCC leaves them as they are.
const VARIANTS: [(char, char); 30] = [
    ('賔', '宾'),
    ('荅', '答'),
    ('飮', '饮'),
    ('靣', '面'),
    ('筭', '算'),
    ('乗', '乘'),
    ('吿', '告'),
    ('賛', '赞'),
    ('竒', '奇'),
    ('鄕', '乡'),
    ('郷', '乡'),
    ('壷', '壶'),
    ('歩', '步'),
    ('毎', '每'),
    ('羮', '羹'),
    ('鼔', '鼓'),
    ('髤', '髹'),
    ('庻', '庶'),
    ('郤', '却'),
    ('徴', '征'),
    ('㝷', '寻'),
    ('虵', '蛇'),
    ('薫', '薰'),
    ('刋', '刊'),
    ('夲', '本'),
    ('緫', '总'),
    ('䟽', '疏'),
    ('隷', '隶'),
    ('矦', '侯'),
    ('伹', '但'),
];

/// Pairs our cleaned text writes either way (the errata keep 馀/余, 旃/旜 as the seed has them):
/// folded to one form on both sides before matching, never in what is shown.
const EITHER: [(char, char); 10] = [
    ('馀', '余'),
    ('旜', '旃'),
    ('貍', '狸'),
    ('閒', '间'),
    ('闲', '间'),
    ('紘', '纮'),
    ('𫄨', '絺'),
    ('袓', '袒'),
    ('梱', '捆'),
    // the converter gives 筭 as 算; our 大射仪 text keeps the seed's 筭
    ('筭', '算'),
];

fn opencc() -> &'static OpenCC {
    static CONVERTER: OnceLock<OpenCC> = OnceLock::new();
    CONVERTER.get_or_init(|| OpenCC::from_config(BuiltinConfig::T2s).expect("OpenCC's t2s tables are built into the binary"))
}

/// The text in simplified characters, as a reader of our 原文 expects it.
pub fn simplified(text: &str) -> String {
    let converted = opencc().convert(text);
    converted.chars().map(|c| VARIANTS.iter().find(|(v, _)| *v == c).map_or(c, |(_, s)| *s)).collect()
}

/// The letters of a text already in our characters, as they are compared: punctuation dropped,
/// each folded.
pub fn folded_letters(text: &str) -> impl Iterator<Item = char> + '_ {
    text.chars().filter(|c| c.is_alphanumeric()).map(fold)
}

/// One character of either text, as it is compared.
pub fn fold(c: char) -> char {
    EITHER.iter().find(|(a, _)| *a == c).map_or(c, |(_, b)| *b)
}

/// Simplified character by character (the converter's phrases aside), so that offsets into the
/// source and into its simplified form agree one to one.
pub fn simplified_chars(text: &str) -> Vec<char> {
    text.chars().map(|c| simplified(c.encode_utf8(&mut [0; 4])).chars().next().unwrap_or(c)).collect()
}
