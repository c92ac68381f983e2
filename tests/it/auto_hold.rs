//! Auto-hold (the `auto-hold` setting, off by default): each deal's hand in the state arrives with
//! the best hold as the hold it is dealt with (`auto_held`), which the player may change; off, it
//! is null. The setting is kept with the game.

use chrono::{NaiveDate, NaiveDateTime};
use vpoker::game::{Bet, DealRequest, Game, Lines};
use vpoker::shuffle::Seed;

fn now() -> NaiveDateTime {
    NaiveDate::from_ymd_opt(2026, 12, 7).unwrap().and_hms_opt(12, 0, 0).unwrap()
}

fn seed(n: u64) -> Seed {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&n.to_le_bytes());
    bytes[31] = 0xa4;
    Seed::from_bytes(bytes)
}

#[test]
fn each_deal_arrives_with_the_best_hold_held_when_auto_hold_is_on() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.db");
    let mut game = Game::open(&path).unwrap();
    let today = crate::common::d(now().date());
    assert!(!game.state(today).unwrap().settings.auto_hold, "off by default");
    let request = |table: &str| DealRequest { table: crate::common::t(table), bet: Bet::new(5).unwrap(), hands: Lines::ONE, practice: false };
    let hand = game.deal(request("jacks-or-better"), seed(1), crate::common::m(now())).unwrap().hand.unwrap();
    assert_eq!(hand.auto_held, None, "off: nothing held for the player");
    game.draw(hand.best_hold, crate::common::m(now())).unwrap();
    game.set_setting("auto-hold", "on").unwrap();
    let mut held_something = false;
    for n in 2..30 {
        let table = if n % 2 == 0 { "jacks-or-better" } else { "super-times:jacks-or-better" };
        let hand = game.deal(request(table), seed(n), crate::common::m(now())).unwrap().hand.unwrap();
        assert_eq!(hand.auto_held, Some(hand.best_hold), "hand {}: the best hold, held", hand.id);
        held_something |= hand.best_hold.mask() != 0;
        // The player may change it: any hold draws.
        game.draw(vpoker::hold::Hold::NONE, crate::common::m(now())).unwrap();
    }
    assert!(held_something);
    drop(game);
    let game = Game::open(&path).unwrap();
    assert!(game.state(today).unwrap().settings.auto_hold, "kept with the game");
}
