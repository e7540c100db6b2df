//! 郑注 and 贾疏 with our clauses: both editions parsed, the recorded alignments current and
//! covering the 经, the notes where a reader looks for them (CLI, JSON, book), and every
//! quotation of them in the scenes true to the editions.

use assert_cmd::Command;
use serde_json::Value;
use sheli::commentary::kanripo::{Piece, read_shu_edition, read_zhu_edition};
use sheli::commentary::source;

const RITES: [(&str, &str, &str); 2] =
    [("scenes/xiang_she.ron", "KR1d0026_005", "KR1d0028_005"), ("scenes/da_she.ron", "KR1d0026_007", "KR1d0028_007")];

fn sheli(args: &[&str]) -> std::process::Output {
    Command::cargo_bin("sheli").unwrap().args(args).output().unwrap()
}

fn stdout(args: &[&str]) -> String {
    let out = sheli(args);
    assert!(out.status.success(), "sheli {args:?}: {}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn both_editions_parse_into_their_units() {
    // (经, 注) pairs of the 郑氏注 edition; 疏 and 音义 of the 注疏 edition
    let expected = [("KR1d0026_005", "KR1d0028_005", PAIRS_XIANG, SHU_XIANG), ("KR1d0026_007", "KR1d0028_007", PAIRS_DA, SHU_DA)];
    for (zhu, shu, pairs_n, shu_n) in expected {
        let (title, pairs) = read_zhu_edition(source(zhu).unwrap()).unwrap();
        assert!(title.last().unwrap().ends_with("鄭氏注"), "{zhu}: {title:?}");
        assert_eq!(pairs.len(), pairs_n, "{zhu}: pairs");
        let pieces = read_shu_edition(source(shu).unwrap()).unwrap();
        let shu_count = pieces.iter().filter(|p| matches!(p, Piece::Shu(_))).count();
        assert_eq!(shu_count, shu_n, "{shu}: 疏");
        assert!(pieces.iter().any(|p| matches!(p, Piece::Yinyi(_))), "{shu}: no 音义");
        // no markup left in any unit
        for p in &pairs {
            for t in [&p.jing, &p.zhu] {
                assert!(!t.contains(['(', ')', '/', '¶', '<', '&']), "{zhu}: markup left in {t}");
            }
        }
    }
    // the first and last units, exactly
    let (_, pairs) = read_zhu_edition(source("KR1d0026_005").unwrap()).unwrap();
    assert_eq!(pairs[0].jing, FIRST_JING_XIANG);
    assert_eq!(pairs[0].zhu, FIRST_ZHU_XIANG);
    assert_eq!(pairs.last().unwrap().jing, LAST_JING_XIANG);
    let (_, pairs) = read_zhu_edition(source("KR1d0026_007").unwrap()).unwrap();
    assert_eq!(pairs[0].jing, FIRST_JING_DA);
    assert_eq!(pairs.last().unwrap().jing, LAST_JING_DA);
}

#[test]
fn the_recorded_alignments_are_current_and_cover_the_jing() {
    for (scene, zhu, shu) in RITES {
        let out = stdout(&["notes", scene]);
        assert!(out.contains("the record is current"), "{scene}: {out}");
        let record = std::fs::read_to_string(scene.replace(".ron", ".commentary.tsv")).unwrap();
        assert!(record.contains(&format!("sources\t{zhu}\t{shu}")), "{scene}");
        let (matched, of) = sheli::commentary::record::matched(&record).unwrap();
        let share = matched as f64 / of as f64;
        assert!(share >= 0.99, "{scene}: only {matched}/{of} 经 letters aligned");
        // every pair left over is explained in the record
        for line in record.lines().filter(|l| l.starts_with("left\t")) {
            assert!(line.split('\t').nth(2).is_some_and(|why| !why.is_empty()), "{scene}: {line}");
        }
    }
}

#[test]
fn a_clause_carries_its_zhu_in_the_json_and_the_cli() {
    let s: Value = serde_json::from_str(&stdout(&["state", "scenes/xiang_she.ron", "--text", XIAN_CLAUSE, "--json"])).unwrap();
    let zhu: Vec<&str> = s["beat"]["zhu"].as_array().unwrap().iter().map(|z| z.as_str().unwrap()).collect();
    assert!(zhu.iter().any(|z| z.contains("此县谓磬也")), "{zhu:?}");
    let trad: Vec<&str> = s["beat"]["zhu_traditional"].as_array().unwrap().iter().map(|z| z.as_str().unwrap()).collect();
    assert!(trad.iter().any(|z| z.contains("此縣謂磬也")), "{trad:?}");
    let out = stdout(&["notes", "scenes/xiang_she.ron", "--text", XIAN_CLAUSE]);
    assert!(out.contains("注 此县谓磬也"), "{out}");
    assert!(out.contains("疏 "), "{out}");
    let steps: Value = serde_json::from_str(&stdout(&["steps", "scenes/da_she.ron", "--json"])).unwrap();
    let with_zhu = steps
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|s| s["beats"].as_array().unwrap())
        .filter(|b| !b["zhu"].as_array().unwrap().is_empty())
        .count();
    assert!(with_zhu > 200, "only {with_zhu} beats of 大射仪 carry a 注");
}

/// Where the 郑氏注 edition has lost a leaf in mid-clause (大射「工不兴，左瑟；一人」 runs straight on to the 注 of
/// 「乃管《新宫》三终」), the clauses of the lost leaf carry the 注疏 edition's 注, and the 注 after the gap goes with the
/// clause it explains, not with 「一人」.
#[test]
fn a_note_after_a_lost_leaf_goes_with_its_own_clause() {
    let out = stdout(&["notes", "scenes/da_she.ron", "--text", "一人拜受爵"]);
    assert!(out.contains("注 谓大师也") && !out.contains("管谓吹簜"), "{out}");
    let out = stdout(&["notes", "scenes/da_she.ron", "--text", "乃管《新宫》三终"]);
    assert_eq!(out.matches("注 管谓吹簜").count(), 1, "{out}");
}

/// Inside a lost leaf the 注疏 edition's 经 is matched with ours before its 注 is: a 注 that repeats its 经 (「使人相祭」, 注
/// 「使人相者相其祭荐祭酒」) does not take the 经's place, so each 注 and 疏 follows its own clause; and the 注 of the clause
/// just before a leaf is lost (「…媵爵者奠觯于篚」, 注「命长致者…」) is filled too.
#[test]
fn inside_a_lost_leaf_each_note_follows_its_own_clause() {
    let notes = |text: &str, nth: &str| stdout(&["notes", "scenes/da_she.ron", "--text", text, "--nth", nth]);
    let out = notes("荐脯醢", "4");
    assert!(out.contains("注 辄荐之") && out.contains("疏 释曰案上文云辩献大夫遂荐之"), "{out}");
    let out = notes("使人相祭", "1");
    assert!(out.contains("注 使人相者") && !out.contains("辩献大夫"), "{out}");
    let out = notes("群工陪于后", "1");
    assert!(out.contains("三人为列") && out.contains("疏 注释曰知鼓北是西县之北"), "{out}");
    let out = notes("媵爵者奠觯于篚", "1");
    assert!(out.contains("注 命长致者") && out.contains("疏 释曰自此尽奠于篚"), "{out}");
}

#[test]
fn jia_gongyan_divides_the_rite() {
    for (scene, _, _) in RITES {
        let out = stdout(&["notes", scene]);
        let n: usize =
            out.split("divisions of 贾疏: ").nth(1).and_then(|r| r.split_whitespace().next()).and_then(|d| d.parse().ok()).unwrap();
        assert!(n >= 20, "{scene}: only {n} divisions");
    }
}

#[test]
fn every_quotation_in_the_shipped_scenes_is_in_the_editions() {
    for (scene, _, _) in RITES {
        let out = stdout(&["check", scene]);
        assert!(!out.contains("warning"), "{scene}:\n{out}");
    }
}

#[test]
fn a_misquote_is_a_located_warning_with_the_nearest_passage() {
    let out = stdout(&["check", "tests/scenes/misquote.ron"]);
    let warnings: Vec<&str> = out.lines().filter(|l| l.contains("warning")).collect();
    assert_eq!(warnings.len(), 1, "{out}");
    assert!(warnings[0].starts_with(MISQUOTE_AT), "{out}");
    assert!(warnings[0].contains("「此县谓钟也，县于西方」 is not in 郑注"), "{out}");
    assert!(warnings[0].contains("nearest passage"), "{out}");
    assert!(out.contains(": ok:"), "a misquote is a warning, not a failure: {out}");
}

#[test]
fn a_stale_record_is_told() {
    let dir = std::env::temp_dir().join(format!("sheli-stale-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("xiang_she")).unwrap();
    for f in ["xiang_she.ron", "xiang_she.commentary.tsv"] {
        std::fs::copy(format!("scenes/{f}"), dir.join(f)).unwrap();
    }
    for e in std::fs::read_dir("scenes/xiang_she").unwrap() {
        let p = e.unwrap().path();
        std::fs::copy(&p, dir.join("xiang_she").join(p.file_name().unwrap())).unwrap();
    }
    // one clause's words changed: the alignment no longer matches the record
    let scene = dir.join("xiang_she.ron");
    let text = std::fs::read_to_string(&scene).unwrap();
    assert!(text.contains("主人戒宾"));
    std::fs::write(&scene, text.replacen("主人戒宾", "主人戒客", 1)).unwrap();
    let out = sheli(&["notes", scene.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("the record is stale"));
    // a record that no longer fits at all never stops the rite from loading; notes says why
    let record = dir.join("xiang_she.commentary.tsv");
    let mut text = std::fs::read_to_string(&record).unwrap();
    text.push_str("zhu\t0\t999999\tpast the end\n");
    std::fs::write(&record, text).unwrap();
    let out = sheli(&["check", scene.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let out = sheli(&["notes", scene.to_str().unwrap()]);
    assert!(!out.status.success());
    let said = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(said.contains("regenerate the record"), "{said}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// What the editions hold, counted once from the files and checked since.
const PAIRS_XIANG: usize = 368;
const SHU_XIANG: usize = 317;
const PAIRS_DA: usize = 306;
const SHU_DA: usize = 209;
const FIRST_JING_XIANG: &str = "鄕射之禮主人戒賔賔出迎再拜主人荅再拜乃請";
const FIRST_ZHU_XIANG: &str = "主人州長也鄕大夫若在焉則稱郷大夫也戒猶警也語也出迎出門也請告也告賔以射事不言拜辱此爲習民以禮樂不主爲賔巳也不謀賔者時不獻賢能事輕也今郡國行此禮以季春周禮郷老及郷大夫三年正月獻賢能之書於王退而以郷射之禮五物詢衆庶諸侯之郷大夫旣貢士於其君亦用此禮射而詢衆庻乎";
const LAST_JING_XIANG: &str = "君在大夫射則肉袒";
const FIRST_JING_DA: &str = "大射之儀君有命戒射";
const LAST_JING_DA: &str = "公入驁";
/// 乡射礼's clause whose 注 says which 县 it is
const XIAN_CLAUSE: &str = "县于洗东北";
const MISQUOTE_AT: &str = "tests/scenes/misquote.ron:29:";

#[test]
fn the_great_archery_glossary_names_its_targets_drums_and_servants() {
    let out = stdout(&["glossary", "scenes/da_she.ron"]);
    for term in ["参侯", "建鼓", "仆人"] {
        assert!(out.lines().any(|l| l.starts_with(&format!("{term}  "))), "{term} is missing:\n{out}");
    }
    // the 注 an entry cites
    let json: Value = serde_json::from_str(&stdout(&["glossary", "scenes/da_she.ron", "--json"])).unwrap();
    let drum = json.as_array().unwrap().iter().find(|t| t["term"] == "建鼓").unwrap();
    assert!(drum["source"].as_str().unwrap().contains("建犹树也"), "{drum}");
}
