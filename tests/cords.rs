//! The 侯's left lower cord, clause by clause (`sheli state --json`'s `targets`): 乡射礼 puts the
//! 侯 up with the cord untied and the cloth rolled up over its centre, unrolls and ties it before
//! the shooting, and unties and rolls it up again when the shooting is over; 大射仪's three 侯 stand untied until
//! their bearers come to them, and are untied again at the end.

use serde_json::Value;
use sheli::cli::MomentArgs;

fn cords_at(rite: &sheli::rite::Rite, fragment: &str) -> Vec<(String, String)> {
    let moment = MomentArgs { text: Some(fragment.to_string()), ..MomentArgs::default() };
    let (t, beat) = moment.resolve(rite).unwrap_or_else(|e| panic!("{fragment}: {e}"));
    let s: Value = serde_json::to_value(rite.snapshot(t, beat)).unwrap();
    s["targets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| (x["id"].as_str().unwrap().to_string(), x["cord"].as_str().unwrap().to_string()))
        .collect()
}

fn check(scene: &str, rows: &[(&str, &str, &str)]) {
    let rite = sheli::rite::load_named(scene).unwrap_or_else(|e| panic!("{e}"));
    let mut wrong = Vec::new();
    for (fragment, target, want) in rows {
        let got = cords_at(&rite, fragment);
        let cord = got.iter().find(|(id, _)| id == target).map(|(_, c)| c.as_str());
        if cord != Some(*want) {
            wrong.push(format!("「{fragment}」: {target} should be {want}, is {cord:?}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn xiang_she_rolls_up_the_target_ties_it_for_the_shooting_and_unties_it_after() {
    check(
        "scenes/xiang_she.ron",
        &[
            ("乃张侯", "侯", "untied"),
            ("中掩束之", "侯", "furled"),
            ("司马命张侯", "侯", "furled"),
            ("弟子说束", "侯", "untied"),
            ("遂系左下纲", "侯", "tied"),
            ("获者坐而获", "侯", "tied"),
            ("说侯之左下纲而释之", "侯", "furled"),
        ],
    );
}

#[test]
fn da_she_ties_each_target_when_its_bearer_comes_and_unties_two_at_the_end() {
    check(
        "scenes/da_she.ron",
        &[
            ("不系左下纲", "干侯", "untied"),
            ("不系左下纲", "大侯", "untied"),
            ("负侯者皆适侯", "参侯", "untied"),
            ("执旌负侯而俟", "大侯", "tied"),
            ("执旌负侯而俟", "参侯", "tied"),
            ("执旌负侯而俟", "干侯", "tied"),
            ("巾车、量人解左下纲", "参侯", "untied"),
            ("巾车、量人解左下纲", "大侯", "untied"),
        ],
    );
}
