//! The core's integration tests, one binary (each file a module; linking one test binary instead
//! of one per file is most of what a test run costs on two cores).

mod architecture;
mod cards;
mod chart;
mod chart_joker;
mod coach;
mod common;
mod contract;
mod derived_tables;
mod drill;
mod evaluators;
mod game_bag;
mod game_concurrent;
mod game_import;
mod game_kind;
mod game_milestones;
mod game_migrate;
mod game_props;
mod game_rules;
mod game_storage;
mod hold;
mod i18n;
mod joker;
mod kicker;
mod lab;
mod library;
mod locale;
mod paytable_lab;
mod pipeline;
mod shuffle;
mod stored_facts;
mod strategy;
mod table_drills;
mod table_practice;
mod ui_view;
mod verify;
