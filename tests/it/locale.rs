//! The texts the core writes for a player in the UI's languages (`vpoker::locale`): dates and
//! decimals as the UI's `Intl` formatting writes them, words from the UI's own tables, and the
//! library's table names as the UI composes them from the labels the core sends (`TableLabel`).

use chrono::NaiveDate;
use vpoker::library::{listing, PRESETS};
use vpoker::locale::Language;
use vpoker::table::{Table, TableLabel};

/// A date as `Intl.DateTimeFormat(lang, { dateStyle: "medium" })` writes it (Node 18 and the
/// app's WebKit agree on these).
#[test]
fn dates_read_as_the_uis_format_day_writes_them() {
    let day = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).unwrap();
    let cases = [
        (day(2026, 12, 1), ["Dec 1, 2026", "01.12.2026", "1 de dez. de 2026", "2026/12/01"]),
        (day(2026, 5, 31), ["May 31, 2026", "31.05.2026", "31 de mai. de 2026", "2026/05/31"]),
        (day(2027, 9, 9), ["Sep 9, 2027", "09.09.2027", "9 de set. de 2027", "2027/09/09"]),
    ];
    for (date, expected) in cases {
        for (lang, want) in Language::ALL.iter().zip(expected) {
            assert_eq!(lang.day(date), want, "{date} in {}", lang.code());
        }
    }
}

#[test]
fn decimals_read_as_the_uis_format_dec_writes_them() {
    let cases = [(0.1234, "0.123", "0,123"), (5.6664, "5.666", "5,666"), (1234.5678, "1,234.568", "1.234,568"), (0.0, "0.000", "0,000")];
    for (value, point, comma) in cases {
        assert_eq!((Language::En.decimal(value, 3), Language::Ja.decimal(value, 3)), (point.to_string(), point.to_string()));
        assert_eq!((Language::De.decimal(value, 3), Language::Pt.decimal(value, 3)), (comma.to_string(), comma.to_string()));
    }
}

#[test]
fn the_words_come_from_the_uis_tables() {
    assert_eq!(Language::Ja.text("machine.deuces-wild"), Some("デュース・ワイルド"));
    assert_eq!(Language::De.fill("milestone.of", &[("n", "3"), ("goal", "7")]), "3 von 7");
    assert_eq!(Language::En.text("no.such.key"), None);
    for lang in Language::ALL {
        assert!(lang.text("daily.share-text").is_some_and(|t| t.contains("{date}") && t.contains("{machine}")), "{}", lang.code());
    }
}

/// A table's name in `lang` as `tableName` in ui/js/app.js composes it from the label.
fn composed(lang: Language, label: &TableLabel) -> String {
    match label {
        TableLabel::Lab { name } => name.clone(),
        TableLabel::Game { game, suffix } => {
            let game = ["machine", "paylab.game", "tables.game"]
                .iter()
                .find_map(|prefix| lang.text(&format!("{prefix}.{game}")))
                .unwrap_or_else(|| panic!("no name for the game {game} in {}", lang.code()))
                .to_string();
            match suffix {
                Some("full-pay") => lang.fill("tables.name.full-pay", &[("game", &game)]),
                Some(pays) => lang.fill("tables.name.pays", &[("game", &game), ("pays", pays)]),
                None => game,
            }
        }
    }
}

#[test]
fn library_names_compose_per_language_and_english_is_the_cores_name() {
    for preset in PRESETS {
        // What the library lists it as (a machine's own table is called by its pays there too).
        let label = TableLabel::Game { game: preset.game, suffix: preset.suffix };
        assert_eq!(composed(Language::En, &label), preset.name, "{}", preset.id);
        let ja = composed(Language::Ja, &label);
        assert!(!ja.chars().any(|c| c.is_ascii_alphabetic()), "{}: Latin letters in 「{ja}」", preset.id);
    }
    let deuces = Table::named("not-so-ugly-deuces").unwrap();
    let names: Vec<String> = Language::ALL.iter().map(|&lang| composed(lang, deuces.label())).collect();
    assert_eq!(names[0], "Not So Ugly Deuces");
    let full_pay = &listing().iter().find(|t| t.id == "deuces-wild").unwrap().label;
    let names: Vec<String> = Language::ALL.iter().map(|&lang| composed(lang, full_pay)).collect();
    assert_eq!(names, ["Deuces Wild (full pay)", "Deuces Wild (Full Pay)", "Deuces Wild (pagamento completo)", "デュース・ワイルド（フルペイ）"]);
    let ddb = Table::named("double-double-bonus-9-6").unwrap();
    assert_eq!(composed(Language::Ja, ddb.label()), "ダブル・ダブル・ボーナス 9/6");
    // A kicker game's own table and a machine's are labelled too.
    assert_eq!(composed(Language::En, Table::named("triple-double-bonus").unwrap().label()), "Triple Double Bonus 9/7");
    assert_eq!(composed(Language::Ja, Table::named("jacks-or-better").unwrap().label()), "ジャックス・オア・ベター");
}
