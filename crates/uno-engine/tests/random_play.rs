//! Seeded random play across every edition, 2–10 players and house-rule mixes, checking the
//! engine's invariants at every step: the cards are exactly the edition's deck, every legal
//! action is accepted, a sample of illegal ones is refused without changing the game, views
//! hold no hidden card, and the state survives a serde round trip.

mod common;

use common::{house_rules, sweep, CUSTOM};
use uno_engine::{
    Action, Card, Color, Edition, Event, Face, Game, Hand, Phase, PlayerView, Rng, Rules, Scoring,
    Seat,
};

fn sorted(mut cards: Vec<Card>) -> Vec<Card> {
    cards.sort();
    cards
}

fn all_cards(game: &Game) -> Vec<Card> {
    let mut cards: Vec<Card> = game.hands().iter().flat_map(Hand::iter).collect();
    cards.extend(game.draw_pile());
    cards.extend(game.discard_pile());
    sorted(cards)
}

/// Actions that are probably illegal: random seats, cards and verbs.
fn candidate(rng: &mut Rng, game: &Game) -> Action {
    let deck = game.rules().deck();
    let seat = rng.below(game.players() + 1) as Seat;
    let card = deck[rng.below(deck.len())];
    let color = card
        .is_wild()
        .then(|| Color::ALL[rng.below(5)])
        .filter(|_| rng.below(8) != 0);
    match rng.below(8) {
        0..=2 => Action::Play { seat, card, color },
        3 => Action::Draw { seat },
        4 => Action::Pass { seat },
        5 => Action::CallUno { seat },
        6 => Action::Catch {
            seat,
            target: rng.below(game.players()) as Seat,
        },
        7 if rng.below(2) == 0 => Action::Choose {
            seat,
            target: (rng.below(4) != 0).then(|| rng.below(game.players()) as Seat),
        },
        _ => Action::Challenge { seat },
    }
}

/// A seat's view refuses `action` exactly as the game does, for the same reason: a screen that
/// holds only its view (an online room's) says what the engine would.
fn check_refusal(game: &Game, action: Action) {
    if action.seat() >= game.seats() {
        return;
    }
    let said = game.clone().apply(action).err();
    assert_eq!(
        game.view(action.seat()).refusal(&action),
        said,
        "{action:?} in {:?}",
        game.phase()
    );
}

fn check_view(game: &Game) {
    for seat in 0..game.seats() {
        let view = game.view(seat);
        assert_eq!(view.hand, game.hand(seat).to_vec());
        assert_eq!(view.draw_pile_size, game.draw_pile_size());
        assert_eq!(
            view.hand_sizes,
            game.hands().iter().map(|h| h.len()).collect::<Vec<_>>()
        );
        for event in &view.history {
            if let Event::Drew { seat: drawer, card } = event {
                assert_eq!(card.is_some(), *drawer == seat, "drawn cards are private");
            }
        }
        for reveal in &view.revealed {
            assert!(reveal.to.is_none() || reveal.to == Some(seat));
        }
        // The serialized view names no card beyond its own hand, the discard pile, the history
        // and what was revealed to it.
        let mut known: Vec<Card> = view.hand.clone();
        known.extend(&view.discard_pile);
        known.extend(view.revealed.iter().flat_map(|r| r.cards.iter()));
        for event in &view.history {
            match *event {
                Event::Played { card, .. }
                | Event::RoundStarted { top: card, .. }
                | Event::Drew {
                    card: Some(card), ..
                } => known.push(card),
                _ => {}
            }
        }
        if let uno_engine::Pending::Drawn { card: Some(c) } = view.pending {
            assert_eq!(seat, game.turn());
            known.push(c);
        }
        let json = serde_json::to_string(&view).unwrap();
        for card in game.rules().deck() {
            let code = format!("\"{card}\"");
            if json.contains(&code) {
                assert!(known.contains(&card), "seat {seat}'s view shows {card}");
            }
        }
    }
}

/// `turn_plays` (the plays as sets) is exactly the plays that begin the turn seat's list, and
/// is there exactly on a plain turn or after a draw.
fn check_turn_plays(game: &Game) {
    let listed = game.legal_actions_for(game.turn());
    let plays: Vec<Action> = listed
        .iter()
        .copied()
        .take_while(|a| matches!(a, Action::Play { .. }))
        .collect();
    let Some(sets) = game.turn_plays() else {
        assert!(
            !matches!(game.phase(), Phase::Play | Phase::Drawn { .. }),
            "no turn plays in {:?}",
            game.phase()
        );
        return;
    };
    assert!(matches!(game.phase(), Phase::Play | Phase::Drawn { .. }));
    assert_eq!(sets.seat(), game.turn());
    assert_eq!(sets.len(), plays.len());
    assert_eq!(sets.is_empty(), plays.is_empty());
    let from_sets: Vec<Action> = (0..sets.len()).map(|i| sets.get(i).unwrap()).collect();
    assert_eq!(from_sets, plays, "in {:?}", game.phase());
    assert_eq!(sets.get(sets.len()), None);
    assert_eq!(sets.get(sets.len() + 3), None);
    // After the plays, the turn's other move: the draw, or after a draw the pass (none when
    // the drawn card must be played).
    let next = listed.get(plays.len()).copied();
    match game.phase() {
        Phase::Play => assert_eq!(next, Some(Action::Draw { seat: game.turn() })),
        _ => assert!(matches!(
            next,
            Some(Action::Pass { .. } | Action::CallUno { .. } | Action::Catch { .. }) | None
        )),
    }
}

/// Every seat's counts by color, face and fit, read from the hand's sets, are the same as
/// counted card by card.
fn check_hand_counts(game: &Game) {
    let faces = [
        Face::Number(0),
        Face::Number(7),
        Face::Skip,
        Face::Reverse,
        Face::DrawTwo,
        Face::Wild,
        Face::WildDrawFour,
        Face::WildGrayskull,
        Face::WildWebSwing,
        Face::WildCustom,
    ];
    for seat in 0..game.seats() {
        let hand = game.hand(seat);
        let count = |f: &dyn Fn(Card) -> bool| hand.iter().filter(|&c| f(c)).count();
        assert_eq!(
            game.playable_copies(seat),
            count(&|c| game.playable(seat, c)),
            "seat {seat}'s playable cards in {:?}",
            game.phase()
        );
        for face in faces {
            assert_eq!(
                hand.face_count(face),
                count(&|c| c.face() == face),
                "{face:?}"
            );
        }
        for color in Color::ALL {
            assert_eq!(
                hand.color_count(color),
                count(&|c| c.color() == Some(color))
            );
        }
        assert_eq!(hand.wild_count(), count(&|c| c.is_wild()));
        let colors = hand
            .iter()
            .filter_map(|c| c.color())
            .fold(0u8, |bits, c| bits | 1 << c as u8);
        assert_eq!(hand.colors_held(), colors);
    }
}

/// Random players can stall a round (say, Masters with Wild Draw Four stacking: everyone holds
/// dozens of Wilds and the Grayskulls cycle the cards); a round is not followed past this.
const ROUND_STEPS: usize = 600;

/// Plays one whole game, checking every step; returns the number of actions applied.
fn play_game(rules: Rules, players: usize, seed: u64, check_all_legal: bool) -> usize {
    let mut game = Game::deal(rules, players, seed).unwrap();
    let deck = sorted(rules.deck());
    let mut rng = Rng::new(seed ^ 0xDEAD_BEEF);
    let mut steps = 0;
    // A game copied into again and again (as a search does), from other tables and states.
    let mut spare = Game::deal(Rules::new(Edition::Masters), 2 + players % 9, seed + 1).unwrap();
    for _round in 0..3 {
        let round_start = steps;
        while game.outcome().is_none() {
            if steps - round_start > ROUND_STEPS {
                return steps;
            }
            assert_eq!(all_cards(&game), deck, "cards are exactly the deck");
            let legal = game.legal_actions();
            assert!(!legal.is_empty(), "a game in progress always has a move");
            for seat in 0..game.seats() {
                let mut own = legal.clone();
                own.retain(|a| a.seat() == seat);
                assert_eq!(
                    game.legal_actions_for(seat),
                    own,
                    "seat {seat}'s actions, found on their own, are its part of the full list"
                );
            }
            check_turn_plays(&game);
            check_hand_counts(&game);
            if check_all_legal {
                for &action in &legal {
                    let mut copy = game.clone();
                    copy.apply(action)
                        .unwrap_or_else(|e| panic!("legal {action:?} refused: {e}"));
                }
            }
            for &action in legal.iter().step_by(3) {
                check_refusal(&game, action);
            }
            for _ in 0..4 {
                let action = candidate(&mut rng, &game);
                check_refusal(&game, action);
                if !legal.contains(&action) {
                    let before = game.clone();
                    assert!(game.apply(action).is_err(), "illegal {action:?} accepted");
                    assert_eq!(game, before, "a refused action changes nothing");
                }
            }
            if steps % 5 == 0 {
                spare.clone_from(&game);
                assert_eq!(spare, game, "copied into another game");
            }
            if steps % 11 == 0 {
                check_view(&game);
                let json = serde_json::to_string(&game).unwrap();
                let back: Game = serde_json::from_str(&json).unwrap();
                assert_eq!(back, game, "serde round trip");
            }
            let action = legal[rng.below(legal.len())];
            let events = game.apply(action).unwrap();
            assert!(!events.is_empty(), "{action:?} did something");
            if steps % 5 == 0 {
                assert_eq!(spare.apply(action), Ok(events), "the copy plays on alike");
                assert_eq!(spare, game);
            }
            steps += 1;
        }
        let outcome = game.outcome().unwrap();
        assert!(game.hand(outcome.winner).is_empty(), "the winner went out");
        // Once the round is over too, a view shows no other hand.
        check_view(&game);
        if outcome.game_winner.is_some() {
            assert!(game.start_next_round().is_err());
            return steps;
        }
        game.start_next_round().unwrap();
        assert!(matches!(game.phase(), Phase::Play | Phase::Penalty { .. }));
    }
    steps
}

#[test]
fn random_games_keep_every_invariant() {
    let mut games = 0;
    for t in sweep(8, 8, 1) {
        play_game(t.rules, t.players, t.seed, t.variant == 0);
        games += 1;
    }
    assert_eq!(games, 5 * 9 * 8);
}

#[test]
fn thousands_of_classic_and_mixed_games() {
    for seed in 0..2000u64 {
        let edition = Edition::ALL[(seed % 5) as usize];
        let mut rules = Rules::new(edition);
        rules.house_rules = house_rules(seed as u32 * 37);
        rules.custom_effect = CUSTOM[(seed / 5 % 6) as usize];
        rules.house_rules.scoring = Some(Scoring::SingleHand);
        let mut game = Game::deal(rules, 2 + (seed % 9) as usize, seed).unwrap();
        let deck = sorted(rules.deck());
        let mut rng = Rng::new(seed);
        for _ in 0..ROUND_STEPS {
            if game.outcome().is_some() {
                break;
            }
            let legal = game.legal_actions();
            game.apply(legal[rng.below(legal.len())]).unwrap();
        }
        assert_eq!(all_cards(&game), deck);
    }
}

#[test]
fn same_seed_and_actions_same_game() {
    let rules = Rules {
        house_rules: house_rules(0b1011_1111),
        ..Rules::new(Edition::SpiderMan)
    };
    let run = || {
        let mut game = Game::deal(rules, 5, 99).unwrap();
        let mut rng = Rng::new(5);
        let mut log = Vec::new();
        for _ in 0..ROUND_STEPS {
            let legal = game.legal_actions();
            log.extend(game.apply(legal[rng.below(legal.len())]).unwrap());
        }
        (serde_json::to_string(&game).unwrap(), log)
    };
    let (a, log_a) = run();
    let (b, log_b) = run();
    assert_eq!(a, b, "bit for bit");
    assert_eq!(log_a, log_b);
    let other = Game::deal(rules, 5, 100).unwrap();
    assert_ne!(Game::deal(rules, 5, 99).unwrap().hands(), other.hands());
}

#[test]
fn every_view_and_event_of_random_games_reads_back_as_written() {
    let mut kinds = std::collections::BTreeSet::new();
    for seed in 0..30u64 {
        let edition = Edition::ALL[(seed % 5) as usize];
        let mut rules = Rules::new(edition);
        rules.house_rules = house_rules(seed as u32 * 91 + 7);
        rules.custom_effect = CUSTOM[(seed / 5 % 6) as usize];
        let mut game = Game::deal(rules, 2 + (seed % 5) as usize, seed).unwrap();
        let mut rng = Rng::new(seed);
        for _ in 0..ROUND_STEPS {
            let view = game.view(game.turn());
            let text = serde_json::to_string(&view).unwrap();
            assert_eq!(
                serde_json::from_str::<PlayerView>(&text).unwrap(),
                view,
                "seed {seed}"
            );
            kinds.insert(
                format!("{:?}", view.pending)
                    .split([' ', '('])
                    .next()
                    .unwrap()
                    .to_string(),
            );
            if game.outcome().is_some() {
                break;
            }
            let legal = game.legal_actions();
            game.apply(legal[rng.below(legal.len())]).unwrap();
        }
        let text = serde_json::to_string(&game).unwrap();
        assert_eq!(
            serde_json::from_str::<Game>(&text).unwrap(),
            game,
            "seed {seed}"
        );
    }
    assert_eq!(
        kinds.into_iter().collect::<Vec<_>>(),
        ["Choose", "Drawn", "Penalty", "Play", "RoundOver"],
        "every kind of pending was read back"
    );
}
