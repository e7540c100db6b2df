//! Two people walking together, seen from above.

use sheli::rite::timeline::Timeline;

/// `a` and `b` over the half second from `t`: when both walk and the same way, how far `a` is
/// ahead of `b` along their heading and how far to his left (negative: to his right), in metres.
pub fn side_by_side(tl: &Timeline, a: usize, b: usize, t: f32) -> Option<(f32, f32)> {
    let (a0, b0, a1, b1) = (tl.actor_at(a, t), tl.actor_at(b, t), tl.actor_at(a, t + 0.5), tl.actor_at(b, t + 0.5));
    let (sa, sb) = ([a1.pos[0] - a0.pos[0], a1.pos[2] - a0.pos[2]], [b1.pos[0] - b0.pos[0], b1.pos[2] - b0.pos[2]]);
    let moving = |s: [f32; 2]| s[0].hypot(s[1]) > 0.2;
    if !(moving(sa) && moving(sb) && sa[0] * sb[0] + sa[1] * sb[1] > 0.0) {
        return None;
    }
    let heading = [sa[0] + sb[0], sa[1] + sb[1]];
    let len = heading[0].hypot(heading[1]);
    // facing north (0, -1) the left is west (-1, 0): the left of (x, z) is (z, -x)
    let (gx, gz) = (a0.pos[0] - b0.pos[0], a0.pos[2] - b0.pos[2]);
    Some(((gx * heading[0] + gz * heading[1]) / len, (gx * heading[1] - gz * heading[0]) / len))
}
