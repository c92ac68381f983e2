//! A game on a file or folder the player may not write (a read-only mount, a file without write
//! permission) can still be viewed, audited, verified and exported; every change answers the typed
//! `read-only` error; and nothing is written: the file's bytes and the folder's names stay as they
//! were.
//!
//! Permissions do not bind root, so when the tests run as root (CI does) each command runs as the
//! unprivileged `nobody` through util-linux's `setpriv`, on a copy of the binary it can execute.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

const TODAY: &str = "2026-11-30";
const SEED: &str = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";

fn is_root() -> bool {
    // SAFETY: geteuid has no preconditions and cannot fail.
    unsafe { libc_geteuid() == 0 }
}

extern "C" {
    #[link_name = "geteuid"]
    fn libc_geteuid() -> u32;
}

/// Where the tests' files live: a folder everyone may enter, holding the binary.
struct Place {
    _dir: tempfile::TempDir,
    root: PathBuf,
    binary: PathBuf,
}

impl Place {
    fn new() -> Place {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().to_path_buf();
        set_mode(&root, 0o755);
        let binary = root.join("vpoker");
        std::fs::copy(env!("CARGO_BIN_EXE_vpoker"), &binary).unwrap();
        set_mode(&binary, 0o755);
        Place { _dir: dir, root, binary }
    }

    /// Runs the binary as a player who may not write what root made read-only.
    fn run(&self, args: &[&str]) -> Output {
        let mut command = if is_root() {
            let mut c = Command::new("setpriv");
            c.args(["--reuid=65534", "--regid=65534", "--clear-groups", "--"]).arg(&self.binary);
            c
        } else {
            Command::new(&self.binary)
        };
        command.args(args).output().expect("the vpoker binary runs")
    }

    /// Runs the binary as the owner (root, or the user running the tests).
    fn run_as_owner(&self, args: &[&str]) -> Output {
        Command::new(&self.binary).args(args).output().expect("the vpoker binary runs")
    }
}

fn set_mode(path: &Path, mode: u32) {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

fn json(output: &Output) -> Value {
    let text = String::from_utf8_lossy(&output.stdout);
    serde_json::from_str(text.trim()).unwrap_or_else(|_| panic!("JSON output: {text} / {}", String::from_utf8_lossy(&output.stderr)))
}

fn play(place: &Place, db: &Path, args: &[&str]) -> Output {
    let mut all = vec!["play", "--db", db.to_str().unwrap(), "--today", TODAY];
    all.extend_from_slice(args);
    place.run(&all)
}

fn ok(place: &Place, db: &Path, args: &[&str]) -> Value {
    let out = play(place, db, args);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {} {}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    json(&out)
}

fn refused_read_only(place: &Place, db: &Path, args: &[&str]) {
    let out = play(place, db, args);
    assert_eq!(out.status.code(), Some(1), "{args:?}");
    let error = json(&out)["error"].clone();
    assert_eq!(error["kind"], "read-only", "{args:?}: {error}");
    assert_eq!(error["path"], db.to_str().unwrap());
}

/// A game with a few hands, closed cleanly (no `-wal` or `-shm` left beside it).
fn played_game(place: &Place, folder: &Path) -> PathBuf {
    std::fs::create_dir(folder).unwrap();
    let db = folder.join("game.db");
    let owner = |args: &[&str]| {
        let mut all = vec!["play", "--db", db.to_str().unwrap(), "--today", TODAY];
        all.extend_from_slice(args);
        let out = crate::common::system_deal(&all).unwrap_or_else(|| place.run_as_owner(&all));
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", String::from_utf8_lossy(&out.stdout));
    };
    owner(&["claim-daily"]);
    owner(&["deal", "--game", "jacks-or-better", "--bet", "5", "--seed", SEED]);
    owner(&["draw", "--hold", "11000"]);
    owner(&["autoplay", "--hands", "4"]);
    assert!(!folder.join("game.db-wal").exists(), "a clean close leaves no journal");
    db
}

/// The folder's names and the game's bytes, to compare before and after.
fn snapshot(folder: &Path) -> (Vec<String>, Vec<u8>) {
    let mut names: Vec<String> = std::fs::read_dir(folder).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    names.sort();
    (names, std::fs::read(folder.join("game.db")).unwrap())
}

/// Everything a player may do with a game they cannot write, and the refusals, on `db`.
fn view_audit_verify_export(place: &Place, db: &Path, out_folder: &Path) {
    let state = ok(place, db, &["state"]);
    assert_eq!(state["read_only"], true, "the state says the game only reads its file");
    assert!(state["chips"].as_i64().unwrap() > 0);
    let history = ok(place, db, &["history"]);
    let hands = history["hands"].as_array().unwrap();
    assert_eq!(hands.len(), 5);
    assert_eq!(ok(place, db, &["audit"])["ok"], true);
    let verified = place.run(&["verify", "--db", db.to_str().unwrap(), "--all", "--json"]);
    assert_eq!(verified.status.code(), Some(0), "{}", String::from_utf8_lossy(&verified.stdout));
    let id = hands[0]["id"].as_i64().unwrap().to_string();
    let one = place.run(&["verify", "--db", db.to_str().unwrap(), "--hand", &id, "--json"]);
    assert_eq!(one.status.code(), Some(0), "{}", String::from_utf8_lossy(&one.stdout));
    ok(place, db, &["stats"]);
    ok(place, db, &["coach"]);
    ok(place, db, &["daily"]);

    let copy = out_folder.join("copy.db");
    ok(place, db, &["export", copy.to_str().unwrap()]);
    let copied = place.run_as_owner(&["play", "--db", copy.to_str().unwrap(), "--today", TODAY, "state"]);
    assert_eq!(json(&copied)["chips"], state["chips"], "the export holds the same game");

    refused_read_only(place, db, &["deal", "--game", "jacks-or-better", "--bet", "5"]);
    refused_read_only(place, db, &["claim-daily"]);
    refused_read_only(place, db, &["set", "sound", "off"]);
    refused_read_only(place, db, &["autoplay", "--hands", "1"]);
    refused_read_only(place, db, &["daily-draw", "--hold", "00000"]);
}

/// A folder for exports that the unprivileged player may write.
fn open_folder(place: &Place) -> PathBuf {
    let out = place.root.join("out");
    std::fs::create_dir(&out).unwrap();
    set_mode(&out, 0o777);
    out
}

#[test]
fn a_game_in_a_read_only_folder_is_viewed_audited_verified_and_exported() {
    let place = Place::new();
    // A name with characters a `file:` URI gives meaning to: the immutable open keeps them.
    let folder = place.root.join("ro ?#%ü");
    let db = played_game(&place, &folder);
    set_mode(&db, 0o444);
    set_mode(&folder, 0o555);
    let before = snapshot(&folder);
    view_audit_verify_export(&place, &db, &open_folder(&place));
    assert_eq!(snapshot(&folder), before, "nothing in the folder was written, created or removed");
    set_mode(&folder, 0o755);
}

#[test]
fn a_read_only_file_in_a_writable_folder_is_only_read() {
    let place = Place::new();
    let folder = place.root.join("file-ro");
    let db = played_game(&place, &folder);
    set_mode(&db, 0o444);
    set_mode(&folder, 0o777);
    let bytes = std::fs::read(&db).unwrap();
    view_audit_verify_export(&place, &db, &open_folder(&place));
    assert_eq!(std::fs::read(&db).unwrap(), bytes, "the game's bytes are as they were");
}

#[test]
fn a_read_only_game_with_a_stale_cache_is_shown_rebuilt_and_left_as_it_is() {
    let place = Place::new();
    let folder = place.root.join("stale");
    let db = played_game(&place, &folder);
    let chips = json(&place.run_as_owner(&["play", "--db", db.to_str().unwrap(), "--today", TODAY, "state"]))["chips"].clone();
    // Damage a cache the game rebuilds from the hands (the sums), then make the folder read-only.
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute_batch("UPDATE sums SET wagered = 'lots'").unwrap();
    conn.close().unwrap();
    set_mode(&db, 0o444);
    set_mode(&folder, 0o555);
    let before = snapshot(&folder);
    let state = ok(&place, &db, &["state"]);
    assert_eq!(state["chips"], chips);
    let audit = ok(&place, &db, &["audit"]);
    assert_eq!(audit["ok"], true, "{audit}");
    refused_read_only(&place, &db, &["claim-daily"]);
    assert_eq!(snapshot(&folder), before, "the rebuild was made in memory, the file left as it was");
    set_mode(&folder, 0o755);
}

#[test]
fn a_read_only_folder_whose_journal_holds_changes_is_refused_not_read_without_them() {
    let place = Place::new();
    let folder = place.root.join("wal");
    let db = played_game(&place, &folder);
    // A change still in the journal (a folder made read-only while a game was open): copied with
    // its `-wal` and without the `-shm` index, which the player cannot create there.
    let copy_folder = place.root.join("wal-copy");
    std::fs::create_dir(&copy_folder).unwrap();
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.pragma_update(None, "wal_autocheckpoint", 0).unwrap();
    conn.execute_batch("UPDATE profile SET chips = chips + 1; UPDATE profile SET chips = chips - 1").unwrap();
    std::fs::copy(&db, copy_folder.join("game.db")).unwrap();
    std::fs::copy(folder.join("game.db-wal"), copy_folder.join("game.db-wal")).unwrap();
    drop(conn);
    assert!(std::fs::metadata(copy_folder.join("game.db-wal")).unwrap().len() > 0);
    set_mode(&copy_folder.join("game.db"), 0o444);
    set_mode(&copy_folder.join("game.db-wal"), 0o444);
    set_mode(&copy_folder, 0o555);
    let out = play(&place, &copy_folder.join("game.db"), &["state"]);
    assert_eq!(out.status.code(), Some(1));
    let error = json(&out)["error"].clone();
    assert_eq!(error["kind"], "storage", "{error}");
    assert!(error["detail"].as_str().unwrap().contains("journal"), "{error}");
    set_mode(&copy_folder, 0o755);
}
