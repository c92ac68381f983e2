//! The app's background audit (the one `run()` starts after start-up) beside a player dealing and
//! drawing through the commands: it reads one snapshot, so it never finds a healthy file corrupt,
//! and never turns the game into a `corrupt-database` answer.

use serde_json::{json, Value};
use vpoker::game::{DealRequest, Game};
use vpoker::machine::MachineId;
use vpoker::shuffle::Seed;

use crate::common::{app_on, invoke};

#[test]
fn the_background_audit_beside_a_player_never_fails_a_healthy_file() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("vpoker.db");
    // A history long enough that each audit takes a while (the player plays during it).
    let mut game = Game::open(&db).unwrap();
    let request = DealRequest::machine(MachineId::JacksOrBetter, vpoker::game::Bet::new(5).unwrap(), vpoker::game::Lines::new(1).unwrap(), false);
    let day = chrono::NaiveDate::from_ymd_opt(2026, 11, 1).unwrap();
    for i in 0..400u64 {
        let mut bytes = [0u8; 32];
        bytes[..8].copy_from_slice(&i.to_le_bytes());
        if game.state(crate::common::d(day)).unwrap().chips < 5 {
            game.claim_daily(crate::common::d(day + chrono::Days::new(i))).unwrap();
        }
        let state = game.deal(request.clone(), Seed::from_bytes(bytes), crate::common::m(day)).unwrap();
        game.draw(state.hand.unwrap().best_hold, crate::common::m(day)).unwrap();
    }
    drop(game);

    let (app, window) = app_on(&db);
    let mut played = 0u32;
    for round in 0..8 {
        let audit = app_lib::audit_in_background(app.handle().clone()).expect("the audit thread starts");
        while !audit.is_finished() {
            let dealt = invoke(&window, "deal", json!({ "table": "jacks-or-better", "bet": 5, "hands": 1, "practice": false }));
            match dealt {
                Ok(state) => {
                    let best = state["hand"]["best_hold"].as_u64().unwrap();
                    invoke(&window, "draw", json!({ "hold": best })).unwrap_or_else(|e| panic!("round {round}: draw {e}"));
                    played += 1;
                }
                Err(error) if error["kind"] == "insufficient-chips" => {
                    let _ = invoke(&window, "claim_daily", json!({}));
                }
                Err(error) => panic!("round {round}: deal refused: {error}"),
            }
        }
        audit.join().unwrap();
        let state: Value = invoke(&window, "get_state", json!({})).unwrap_or_else(|e| panic!("round {round}: {e}"));
        assert!(state["chips"].is_u64(), "round {round}: {state}");
    }
    assert!(played > 0, "the player played while the audits ran");
    drop(window);
    drop(app);
    assert!(Game::open(&db).unwrap().audit().unwrap().ok);
}
