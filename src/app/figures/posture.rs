//! A figure's posture at one moment, as a pure function of the timeline's pose and gesture: how
//! low the body is, how far it bends, and where each hand is. The hands are placed first and the
//! arms follow them (two-bone reach), so a pose reads as what the text says the hands do: joined
//! before the chest (揖), on the ground (拜), at the lips (啐), drawing the string (射).

use std::f32::consts::{FRAC_PI_2, PI};

use bevy::math::{Quat, Vec3};

use crate::rite::acts::gesture::Gesture;
use crate::rite::timeline::Pose;

/// The waist, where the upper body pivots, above the feet.
pub const WAIST: f32 = 0.85;
/// The shoulders, from the waist (x to the right).
pub const SHOULDER: Vec3 = Vec3::new(0.2, 0.47, 0.0);
/// The head's centre, from the waist.
pub const HEAD: f32 = 0.66;
pub const UPPER_ARM: f32 = 0.29;
pub const FOREARM: f32 = 0.29;
/// How far a kneeling figure sinks (坐: kneeling back on the heels).
pub const KNEEL: f32 = 0.4;

/// What the hands are busy with, which changes how they rest.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Hands {
    /// a bow at its grip in the left hand
    pub bow: bool,
    /// something carried before the body in both hands (a cup, a dish, the tallies)
    pub both: bool,
    /// that thing is a wind instrument (the 笙), raised to the lips to play
    pub blown: bool,
}

/// Which hand, as an index into [`Posture`]'s arrays.
pub const LEFT: usize = 0;
pub const RIGHT: usize = 1;

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Posture {
    /// how far the body has sunk, 0 standing to 1 kneeling
    pub kneel: f32,
    /// forward bend of the upper body (radians)
    pub bend: f32,
    /// the upper body turned to the left (radians): side-on to the target when shooting
    pub twist: f32,
    /// each hand, from the feet, in the figure's frame (x right, y up, −z forward)
    pub hands: [Vec3; 2],
    /// a shot: how far the string is drawn (0..1), and whether the arrow has left it
    pub draw: Option<(f32, bool)>,
}

fn ease(x: f32) -> f32 {
    let x = x.clamp(0.0, 1.0);
    x * x * (3.0 - 2.0 * x)
}

/// Up and down once over the gesture, eased.
fn swell(f: f32) -> f32 {
    (PI * f.clamp(0.0, 1.0)).sin()
}

/// In over the first `a` of the gesture, held, and out over the last `a`.
fn held(f: f32, a: f32) -> f32 {
    ease(f / a).min(ease((1.0 - f) / a))
}

impl Posture {
    fn standing(hands: Hands) -> Posture {
        let left = if hands.bow { Vec3::new(-0.28, 0.98, -0.18) } else { Vec3::new(-0.24, 0.86, -0.12) };
        let right = Vec3::new(0.24, 0.86, -0.12);
        let mut p = Posture { kneel: 0.0, bend: 0.0, twist: 0.0, hands: [left, right], draw: None };
        if hands.both {
            p.hands = [Vec3::new(-0.08, 1.05, -0.32), Vec3::new(0.08, 1.05, -0.32)];
        }
        p
    }

    fn kneeling(hands: Hands) -> Posture {
        let mut p = Posture::standing(hands);
        p.kneel = 1.0;
        p.hands = if hands.both {
            [Vec3::new(-0.08, 0.7, -0.32), Vec3::new(0.08, 0.7, -0.32)]
        } else {
            [Vec3::new(-0.16, 0.5, -0.26), Vec3::new(0.16, 0.5, -0.26)]
        };
        p
    }

    /// Both hands moved toward `to` by `w` (0..1).
    fn reach(mut self, to: [Vec3; 2], w: f32) -> Posture {
        for (hand, to) in self.hands.iter_mut().zip(to) {
            *hand = hand.lerp(to, w);
        }
        self
    }

    fn reach_one(mut self, hand: usize, to: Vec3, w: f32) -> Posture {
        self.hands[hand] = self.hands[hand].lerp(to, w);
        self
    }

    /// The height of the body's top (the crown of the head) above the feet.
    pub fn crown(&self) -> f32 {
        let drop = KNEEL * self.kneel;
        WAIST - drop + (HEAD + 0.22) * self.bend.cos()
    }
}

/// The posture for a timeline pose and the gesture being made, if any.
pub fn posture(pose: Pose, gesture: Option<(Gesture, f32)>, hands: Hands) -> Posture {
    use Gesture as G;
    let seated = pose == Pose::Sitting;
    let base = if seated { Posture::kneeling(hands) } else { Posture::standing(hands) };
    let Some((g, f)) = gesture else { return base };
    let joined = [Vec3::new(-0.04, 1.2, -0.34), Vec3::new(0.04, 1.2, -0.34)];
    let ground = [Vec3::new(-0.12, 0.05, -0.5), Vec3::new(0.12, 0.05, -0.5)];
    let lips = Vec3::new(0.03, 1.45, -0.16);
    // the hands of a kneeling man are as high on his body as a standing one's: his gestures are
    // made as if standing and lowered with him, except those that reach the ground
    let drop = Vec3::Y * KNEEL * base.kneel;
    if seated && !matches!(g, G::Put | G::Take | G::Set | G::Clear | G::Ji | G::Zuo | G::Xing) {
        let raised = Posture { hands: base.hands.map(|h| h + drop), ..base };
        let p = gesture_posture(pose, g, f, hands, raised, joined, ground, lips);
        return Posture { hands: p.hands.map(|h| (h - drop).max(Vec3::new(f32::MIN, 0.05, f32::MIN))), ..p };
    }
    gesture_posture(pose, g, f, hands, base, joined, ground, lips)
}

#[allow(clippy::too_many_arguments)]
fn gesture_posture(
    pose: Pose,
    g: Gesture,
    f: f32,
    hands: Hands,
    base: Posture,
    joined: [Vec3; 2],
    ground: [Vec3; 2],
    lips: Vec3,
) -> Posture {
    use Gesture as G;
    let seated = pose == Pose::Sitting;
    match (pose, g) {
        // 揖: hands joined before the chest, pushed forward, with a slight bow
        (_, G::Yi) => {
            let w = held(f, 0.35);
            Posture { bend: 0.35 * w, ..base.reach(joined, w) }
        }
        // 厌: the joined hands, raised before the chest, drawn in toward it (疏「以手向身引之」), with a lighter bow
        (_, G::Yan) => {
            let w = held(f, 0.35);
            let drawn = joined.map(|h| h.lerp(Vec3::new(h.x, h.y - 0.05, -0.16), ease(f)));
            Posture { bend: 0.2 * w, ..base.reach(drawn, w) }
        }
        (Pose::Bowing, g) if g.is_bow() => bow(g, f, hands),
        // 坐 and 兴: sink to the heels or rise from them
        (_, G::Zuo) => {
            let k = ease(f / 0.8);
            Posture { kneel: k, ..Posture::standing(hands).reach(Posture::kneeling(hands).hands, k) }
        }
        (_, G::Xing) => {
            let k = 1.0 - ease(f / 0.8);
            Posture { kneel: k, ..Posture::standing(hands).reach(Posture::kneeling(hands).hands, k) }
        }
        // 奠, 取, 设, 彻: bend (or, kneeling, lean) to the ground and back
        (_, G::Put | G::Take | G::Set | G::Clear) => {
            let w = swell(f);
            let bend = if seated { 0.6 } else { 0.9 } * w;
            Posture { bend, ..base.reach(ground, w * 0.9) }
        }
        // 共 (拱): the hands joined before the chest, close in, while he waits
        (_, G::Gong) => base.reach(joined.map(|h| Vec3::new(h.x, h.y - 0.05, -0.24)), held(f, 0.15)),
        // 授, 受: both hands held out at the waist
        (_, G::Give) => base.reach([Vec3::new(-0.1, 1.0, -0.5), Vec3::new(0.1, 1.0, -0.5)], held(f, 0.3)),
        // 祭: a pinch of the offering put down on the ground before him
        (_, G::Ji) => {
            let w = swell(f);
            Posture { bend: 0.45 * w, ..base.reach_one(RIGHT, Vec3::new(0.12, 0.08, -0.5), w) }
        }
        // 啐, 卒爵: the cup to the lips; 卒爵 tips it up
        // 哜: the right hand puts the torn tip of the lung to the mouth (注「右手在下，绝以授口尝之」)
        (_, G::Taste) => base.reach_one(RIGHT, lips + Vec3::new(0.02, -0.04, -0.04), held(f, 0.3)),
        (_, G::Cui | G::ZuJue) => {
            let w = held(f, 0.3);
            let to = [lips + Vec3::new(-0.06, -0.05, -0.02), lips];
            Posture { bend: -0.12 * w * if g == G::ZuJue { 1.5 } else { 1.0 }, ..base.reach(to, w) }
        }
        // 盥, 洗: both hands low over the basin, rubbing
        (_, G::Guan | G::Xi) => {
            let w = held(f, 0.2);
            let rub = 0.05 * (PI * 6.0 * f).sin();
            let to = [Vec3::new(-0.06 + rub, 0.75, -0.45), Vec3::new(0.06 - rub, 0.75, -0.45)];
            Posture { bend: 0.45 * w, ..base.reach(to, w) }
        }
        // 袒, 袭: the right hand to the left shoulder, drawing the sleeve off or on
        (_, G::Tan | G::XiRobe) => base.reach_one(RIGHT, Vec3::new(-0.18, 1.3, -0.1), held(f, 0.3)),
        // 决: the ring onto the right thumb; 遂: the guard onto the left forearm; 说决拾: both off
        (_, G::Jue | G::Sui | G::ShuoJueShi) => base.reach([Vec3::new(-0.08, 1.05, -0.35), Vec3::new(0.06, 1.02, -0.33)], held(f, 0.3)),
        // 搢, 挟, 执: the right hand to the belt or before the body
        (_, G::Tuck) => base.reach_one(RIGHT, Vec3::new(0.16, 0.82, -0.14), held(f, 0.3)),
        (_, G::Between | G::Hold) => base.reach_one(RIGHT, Vec3::new(0.1, 1.05, -0.32), held(f, 0.3)),
        // 挟弦: the right hand comes to the string of the bow held in the left, and stays there
        (_, G::HookString) => base.reach_one(RIGHT, Vec3::new(-0.02, 1.0, -0.3), held(f, 0.4)),
        // 张, 弛, 揉: the bow held out, bent with both hands
        // 乘: both hands low before him, over the arrows on the rest, the right reaching east and the
        // left west as he strokes them off by fours (疏「以右手抚四矢于东，以左手抚四矢于西」)
        (_, G::CountByFours) => {
            let w = swell(f);
            let sweep = (f * std::f32::consts::TAU * 2.0).sin() * 0.12;
            Posture { bend: 0.35 * w, ..base.reach([Vec3::new(-0.25 - sweep, 0.35, -0.5), Vec3::new(0.25 + sweep, 0.35, -0.5)], w) }
        }
        // 扬弓: both hands, on the grip and the tip, lifted high before him
        (_, G::RaiseBow) => base.reach([Vec3::new(-0.2, 1.55, -0.35), Vec3::new(0.2, 1.75, -0.3)], held(f, 0.25)),
        // 揖弓: the bow pushed out at arm's length before him, the right hand on it too, and drawn back
        (_, G::PushBow) => base.reach([Vec3::new(-0.12, 1.2, -0.62), Vec3::new(0.1, 1.15, -0.55)], swell(f)),
        // 束矢: both hands low over the bundle, the right winding the rushes round it, and the knot pulled
        (_, G::BindArrows) => {
            let w = swell(f);
            let wind = (f * std::f32::consts::TAU * 3.0).sin() * 0.08;
            Posture { bend: 0.3 * w, ..base.reach([Vec3::new(-0.12, 0.4, -0.5), Vec3::new(0.1 + wind, 0.4 + wind, -0.5)], w) }
        }
        // 捆: the arrows upright before the chest in the left hand, the right tapping their ends level, twice
        (_, G::EvenArrows) => {
            let w = held(f, 0.2);
            let tap = (f * std::f32::consts::TAU * 2.0).sin().abs() * 0.08;
            base.reach([Vec3::new(-0.06, 1.0, -0.32), Vec3::new(0.05, 1.18 - tap, -0.32)], w)
        }
        // 酌: the cup held out in the left hand; the right dips the ladle into the jar before him, lifts it and pours
        (_, G::Ladle) => {
            let w = held(f, 0.2);
            let dip = (PI * (f / 0.55).min(1.0)).sin();
            let ladle = Vec3::new(0.0, 0.95, -0.36).lerp(Vec3::new(0.1, 0.5, -0.62), dip);
            Posture { bend: 0.4 * dip * w, ..base.reach([Vec3::new(-0.12, 0.92, -0.34), ladle], w) }
        }
        (_, G::StringBow | G::SlackBow | G::Flex) => base.reach([Vec3::new(-0.2, 0.9, -0.45), Vec3::new(0.15, 1.2, -0.4)], held(f, 0.25)),
        // 举旌 high over the head, 偃旌 down again
        (_, G::RaiseFlag) => base.reach_one(RIGHT, Vec3::new(0.25, 1.9, -0.2), held(f, 0.35)),
        (_, G::LowerFlag) => base.reach_one(RIGHT, Vec3::new(0.35, 0.95, -0.35), held(f, 0.35)),
        (_, G::Shoot) => shoot(f, hands),
        // 系, 解, 束, 说束: both hands at work on a cord low before him
        (_, G::TieCord | G::UntieCord | G::FurlTarget | G::UnfurlTarget) => {
            let w = held(f, 0.2);
            let knot = 0.04 * (PI * 4.0 * f).sin();
            base.reach([Vec3::new(-0.07 + knot, 0.75, -0.42), Vec3::new(0.07 - knot, 0.78, -0.42)], w)
        }
        // 奏 with a wind instrument in both hands (the 笙): held up with its mouthpiece at the lips
        (_, G::Play) if hands.blown => {
            base.reach([lips + Vec3::new(-0.07, -0.16, -0.13), lips + Vec3::new(0.04, -0.16, -0.13)], held(f, 0.15))
        }
        // 歌, 奏: hands before the body, as on an instrument
        (_, G::Play | G::Sing) => base.reach([Vec3::new(-0.15, 0.7, -0.4), Vec3::new(0.15, 0.72, -0.4)], held(f, 0.15)),
        (_, G::Speak | G::Rang) => base.reach_one(RIGHT, Vec3::new(0.18, 1.1, -0.3), held(f, 0.3)),
        _ => base,
    }
}

/// 拜: kneel, hands to the ground, head down to the hands, and up; 再拜 twice; 稽首 holds the
/// head on the ground.
fn bow(g: Gesture, f: f32, hands: Hands) -> Posture {
    use Gesture as G;
    let times = if matches!(g, G::ZaiBai | G::DaZaiBai | G::ZaiBaiQiShou) { 2.0 } else { 1.0 };
    let kneel = held(f, 0.15);
    let head_down = match g {
        G::QiShou => held(f, 0.3),
        _ => ((PI * f * times).sin().abs()).powf(0.7),
    };
    let w = head_down * kneel;
    let ground = [Vec3::new(-0.1, 0.04, -0.55), Vec3::new(0.1, 0.04, -0.55)];
    let base = Posture::standing(hands).reach(Posture::kneeling(hands).hands, kneel);
    Posture { kneel, bend: 1.35 * w, ..base.reach(ground, w) }
}

/// 射: turn side-on, raise the bow, nock, draw to full, loose (at two thirds of the gesture, when
/// the timeline lets the arrow fly), the string hand springing back, and lower.
fn shoot(f: f32, hands: Hands) -> Posture {
    let release = 2.0 / 3.0;
    let turn = ease(f / 0.12).min(ease((1.0 - f) / 0.12));
    let raise = ease((f - 0.05) / 0.15).min(ease((1.0 - f) / 0.15));
    let draw = ease((f - 0.3) / 0.3);
    let loosed = f >= release;
    let bow_hand = Vec3::new(-0.2, 1.42, -0.6);
    let nock = Vec3::new(-0.05, 1.42, -0.35);
    let anchor = Vec3::new(0.02, 1.48, 0.02);
    let right = if loosed {
        // the hand springs back past the anchor, then falls
        let k = ease((f - release) / 0.12);
        anchor + Vec3::new(0.08, 0.03, 0.12) * k
    } else if f < 0.3 {
        Posture::standing(hands).hands[RIGHT].lerp(nock, ease((f - 0.12) / 0.15))
    } else {
        nock.lerp(anchor, draw)
    };
    let mut p = Posture::standing(hands);
    // the left shoulder toward the target
    p.twist = -FRAC_PI_2 * 0.6 * turn;
    p.hands[LEFT] = p.hands[LEFT].lerp(bow_hand, raise);
    p.hands[RIGHT] = p.hands[RIGHT].lerp(right, raise);
    let pull = if loosed { 0.0 } else { draw };
    p.draw = (f > 0.12 && f < 0.92).then_some((pull * raise, loosed));
    p
}

/// 相: the right hand on the arm of the man he leads, `arm` being that arm in this figure's frame
/// (from the feet), reached as far as the arm goes; `w` eases it in (0..1) while 相 is made.
pub fn leading(mut p: Posture, arm: Vec3, w: f32) -> Posture {
    let shoulder = Vec3::new(SHOULDER.x, WAIST - KNEEL * p.kneel + SHOULDER.y, 0.0);
    let reach = UPPER_ARM + FOREARM - 0.03;
    let to = arm - shoulder;
    let hand = shoulder + to.normalize_or(Vec3::NEG_Y) * to.length().min(reach);
    p.hands[RIGHT] = p.hands[RIGHT].lerp(hand, w.clamp(0.0, 1.0));
    p
}

/// Where an arm's elbow goes, and the two rotations that put the arm there: the upper arm's
/// (in the torso's frame) and the forearm's (in the upper arm's). Both arms hang along −y at rest.
pub fn reach_arm(shoulder: Vec3, hand: Vec3, outward: f32) -> (Quat, Quat) {
    let to = hand - shoulder;
    let len = to.length().clamp(0.05, UPPER_ARM + FOREARM - 0.005);
    let dir = to.normalize_or(Vec3::NEG_Y);
    // law of cosines: the angle at the shoulder between the hand and the elbow
    let cos_a = (UPPER_ARM * UPPER_ARM + len * len - FOREARM * FOREARM) / (2.0 * UPPER_ARM * len);
    let a = cos_a.clamp(-1.0, 1.0).acos();
    // the elbow bends out to the side and down, as a robed arm does
    let pole = Vec3::new(outward, -0.6, 0.4).normalize();
    let side = dir.cross(pole).normalize_or(Vec3::X);
    let elbow_dir = Quat::from_axis_angle(side, a) * dir;
    let elbow = shoulder + elbow_dir * UPPER_ARM;
    let upper = Quat::from_rotation_arc(Vec3::NEG_Y, elbow_dir);
    let fore_dir = (shoulder + dir * len - elbow).normalize_or(elbow_dir);
    let fore = Quat::from_rotation_arc(Vec3::NEG_Y, upper.inverse() * fore_dir);
    (upper, fore)
}

/// The torso's rotation: a turn to the left, then the bend forward.
pub fn torso_rotation(p: &Posture) -> Quat {
    Quat::from_rotation_y(p.twist) * Quat::from_rotation_x(-p.bend)
}

/// A point given in the figure's frame, in the torso's frame (for the arms' reach).
pub fn into_torso(p: &Posture, at: Vec3) -> Vec3 {
    let waist = Vec3::new(0.0, WAIST - KNEEL * p.kneel, 0.0);
    torso_rotation(p).inverse() * (at - waist)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(g: Gesture, f: f32) -> Posture {
        posture(Pose::Bowing, Some((g, f)), Hands::default())
    }

    #[test]
    fn a_bow_puts_the_hands_on_the_ground_and_the_head_down() {
        let stand = posture(Pose::Standing, None, Hands::default());
        let bai = at(Gesture::Bai, 0.5);
        assert!(bai.hands[0].y < 0.2 && bai.hands[1].y < 0.2, "{bai:?}");
        assert!(bai.crown() < stand.crown() - 0.6, "{} vs {}", bai.crown(), stand.crown());
        // 再拜 rises between its two bows; 稽首 keeps the head down through the middle
        let zai = at(Gesture::ZaiBai, 0.5);
        assert!(zai.crown() > at(Gesture::ZaiBai, 0.25).crown() + 0.3);
        assert!(at(Gesture::QiShou, 0.4).crown() < stand.crown() - 0.6 && at(Gesture::QiShou, 0.6).crown() < stand.crown() - 0.6);
    }

    #[test]
    fn a_salute_joins_the_hands_before_the_chest() {
        let yi = posture(Pose::Bowing, Some((Gesture::Yi, 0.5)), Hands::default());
        assert!((yi.hands[0] - yi.hands[1]).length() < 0.1);
        assert!(yi.hands[0].y > 1.1 && yi.bend > 0.2);
    }

    #[test]
    fn kneeling_is_lower_than_standing_and_rising_is_eased() {
        let sit = posture(Pose::Sitting, None, Hands::default());
        let stand = posture(Pose::Standing, None, Hands::default());
        assert!(sit.crown() < stand.crown() - 0.3);
        let half = posture(Pose::Standing, Some((Gesture::Xing, 0.4)), Hands::default());
        assert!(half.kneel > 0.1 && half.kneel < 0.9);
    }

    #[test]
    fn a_shot_draws_to_the_face_then_looses() {
        let full = posture(Pose::Shooting, Some((Gesture::Shoot, 0.62)), Hands { bow: true, ..Hands::default() });
        let (pull, loosed) = full.draw.unwrap();
        assert!(pull > 0.9 && !loosed);
        // the drawing hand is at the face, the bow hand held out toward the target
        assert!(full.hands[RIGHT].y > 1.35 && full.hands[RIGHT].z > -0.1, "{full:?}");
        assert!(full.hands[LEFT].z < -0.5);
        let after = posture(Pose::Shooting, Some((Gesture::Shoot, 0.75)), Hands { bow: true, ..Hands::default() });
        assert_eq!(after.draw.map(|d| d.1), Some(true));
    }

    #[test]
    fn a_guide_reaches_for_the_arm_of_the_man_he_leads() {
        let stand = posture(Pose::Walking, None, Hands::default());
        // the led man's arm half a metre to his right and a little ahead: the hand is on it
        let arm = Vec3::new(0.5, 1.05, -0.1);
        let led = leading(stand, arm, 1.0);
        assert!((led.hands[RIGHT] - arm).length() < 0.02, "{led:?}");
        assert_eq!(led.hands[LEFT], stand.hands[LEFT]);
        // two metres off, the arm stretches toward him and no further than it reaches
        let far = leading(stand, Vec3::new(2.0, 1.0, 0.0), 1.0);
        let shoulder = Vec3::new(SHOULDER.x, WAIST + SHOULDER.y, 0.0);
        assert!((far.hands[RIGHT] - shoulder).length() <= UPPER_ARM + FOREARM);
        assert!(far.hands[RIGHT].x > stand.hands[RIGHT].x + 0.2);
    }

    #[test]
    fn the_arm_reaches_the_hand() {
        for hand in [Vec3::new(0.1, 0.2, -0.4), Vec3::new(0.3, 0.1, -0.2), Vec3::new(-0.05, 0.3, -0.35)] {
            let (upper, fore) = reach_arm(SHOULDER, hand, 1.0);
            let elbow = SHOULDER + upper * Vec3::NEG_Y * UPPER_ARM;
            let got = elbow + upper * fore * Vec3::NEG_Y * FOREARM;
            assert!((got - hand).length() < 0.02, "{hand} → {got}");
        }
    }
}
