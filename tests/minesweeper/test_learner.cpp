// The Minesweeper learner: its input planes, the learned solver's choice, and seeded training runs
// (deterministic, the same weights natively and in WebAssembly, better than random play).
#include <catch2/catch.hpp>

#include "learn/nn.h"
#include "minesweeper/learner.h"
#include "minesweeper/play.h"

using namespace gridlab::minesweeper;
namespace learn = gridlab::learn;

namespace {

// A finished copy of training for the small boards of these tests.
TrainSettings small_training(uint64_t seed) {
    TrainSettings settings;
    settings.board = {5, 5, 3, FirstClick::Safe};
    settings.shape = {8, 2};
    settings.batch = 8;
    settings.window = 50;
    settings.seed = seed;
    return settings;
}

// Wins out of `games` seeded games of uniformly random clicks, from the same first click.
int random_play_wins(const Settings& settings, int games) {
    int wins = 0;
    for (int i = 0; i < games; ++i) {
        gridlab::Rng rng = gridlab::Rng::for_stream(99, static_cast<uint64_t>(i));
        State state(settings, rng.next_u64());
        state.reveal(default_first_cell(settings));
        while (!state.terminal()) {
            std::vector<int> hidden;
            for (int cell = 0; cell < state.size(); ++cell)
                if (state.view(cell) == kHidden) hidden.push_back(cell);
            state.reveal_unchecked(rng.pick(hidden));
        }
        wins += state.outcome() == Outcome::Won;
    }
    return wins;
}

}  // namespace

TEST_CASE("learner: the input planes of a view", "[minesweeper][learner]") {
    // 2 x 3: open 0 and 1, hidden, a flag (hidden to the network), open 2, hidden; 2 mines.
    const std::vector<int8_t> view = {0, 1, kHidden, kFlag, 2, kHidden};
    learn::Tensor inputs({2, kLearnedInputPlanes, 2, 3}, 7.0f);
    encode_view(view, 2, inputs, 1);
    CHECK(inputs.at(0, 0, 0, 0) == 7.0f);  // another sample is left alone
    CHECK(inputs.at(1, 0, 0, 0) == 1.0f);
    CHECK(inputs.at(1, 1, 0, 1) == 1.0f);
    CHECK(inputs.at(1, 2, 1, 1) == 1.0f);
    CHECK(inputs.at(1, 1, 1, 1) == 0.0f);
    for (const int cell : {2, 3, 5}) CHECK(inputs.at(1, 9, cell / 3, cell % 3) == 1.0f);
    for (const int cell : {0, 1, 4}) CHECK(inputs.at(1, 9, cell / 3, cell % 3) == 0.0f);
    for (int cell = 0; cell < 6; ++cell) CHECK(inputs.at(1, 10, cell / 3, cell % 3) == Approx(2.0 / 3.0));

    // A network that looks twice has the estimates plane: the density on hidden cells at first, then
    // the chance its first look gave each hidden cell.
    learn::Tensor twice({1, kLearnedInputPlanes + 1, 2, 3}, 7.0f);
    encode_view(view, 2, twice, 0);
    for (const int cell : {2, 3, 5}) CHECK(twice.at(0, kEstimatePlane, cell / 3, cell % 3) == Approx(2.0 / 3.0));
    for (const int cell : {0, 1, 4}) CHECK(twice.at(0, kEstimatePlane, cell / 3, cell % 3) == 0.0f);
    const std::vector<float> logits = {9, 9, -1, 0, 9, 2};
    write_estimates(twice, 0, logits.data());
    CHECK(twice.at(0, kEstimatePlane, 0, 2) == learn::sigmoid(-1.0f));
    CHECK(twice.at(0, kEstimatePlane, 1, 0) == learn::sigmoid(0.0f));
    CHECK(twice.at(0, kEstimatePlane, 1, 2) == learn::sigmoid(2.0f));
    for (const int cell : {0, 1, 4}) CHECK(twice.at(0, kEstimatePlane, cell / 3, cell % 3) == 0.0f);
    CHECK(twice.at(0, 10, 0, 0) == Approx(2.0 / 3.0));  // the other planes stay
}

TEST_CASE("learner: the network scores every cell of any board size", "[minesweeper][learner]") {
    for (const bool zero_head : {true, false}) {
        const NetworkShape shape{.width = 6, .depth = 3, .zero_head = zero_head, .second_look = zero_head};
        learn::Network network = make_cell_network(shape);
        gridlab::Rng rng(1);
        network.init(rng);
        CHECK(network.architecture().size() == 7u);  // 3 x (conv, relu), then the 1x1 scoring conv
        CHECK(network.architecture()[0]["in"] == input_planes(shape));
        for (const auto& [rows, cols] : {std::pair{9, 9}, std::pair{16, 30}}) {
            learn::Tensor boards({1, input_planes(shape), rows, cols});
            CHECK(network.forward(boards).shape == std::vector<int>{1, zero_head ? 2 : 1, rows, cols});
        }
    }
}

TEST_CASE("learner: the revealed board labels mines, safe cells and safe cells with no mine around", "[minesweeper][learner]") {
    // 3 x 4, mines at (0, 0) and (2, 1):
    //   * 1 0 0
    //   2 2 1 0
    //   1 * 1 0
    gridlab::Grid<uint8_t> mines(3, 4);
    mines.at(0, 0) = mines.at(2, 1) = 1;
    const std::vector<int8_t> expected = {1, 0, kSafeZero, kSafeZero, 0, 0, 0, kSafeZero, 0, 1, 0, kSafeZero};
    CHECK(revealed_labels(mines) == expected);
}

TEST_CASE("learner: the learned solver opens the lowest-scored hidden cell", "[minesweeper][learner]") {
    // A hand-set network: a cell's logit is the number of open 1s around it, minus 2. So hidden cells
    // beside many 1s look dangerous. Of the safest three, (0,2) and (2,2) have the fewest hidden
    // neighbours (2), and the first in reading order is chosen; (2,0) has 1, but its chance is more
    // than 1.3 times theirs.
    learn::Network network;
    network.add(std::make_unique<learn::Conv2d>(kLearnedInputPlanes, 1, 3));
    std::vector<learn::Parameter*> parameters = network.parameters();
    std::fill(parameters[0]->value.begin(), parameters[0]->value.end(), 0.0f);
    for (int k = 0; k < 9; ++k) parameters[0]->value[1 * 9 + k] = 1.0f;  // weight (out 0, plane 1, k)
    parameters[0]->value[1 * 9 + 4] = 0.0f;                              // not the cell itself
    parameters[1]->value[0] = -2.0f;
    const Position position = parse_position("1..\n1F.\n...\n", 2);
    LearnedSolver solver(network);
    const Decision decision = solver.decide(position);
    // Adjacent 1s: (0,1) 2, (0,2) 0, (1,2) 0, (2,0) 1, (2,1) 1, (2,2) 0.
    CHECK(decision.move == 2);
    CHECK(decision.guess);
    CHECK(decision.reason == GuessReason::Safest);
    CHECK_FALSE(decision.knowledge.exact);
    CHECK(decision.knowledge.safe.empty());
    const std::vector<double>& p = decision.knowledge.mine_probability;
    CHECK(p[0] == -1.0);
    CHECK(p[4] == 1.0);  // the flag
    CHECK(p[1] == Approx(learn::sigmoid(0.0f)));
    CHECK(p[2] == Approx(learn::sigmoid(-2.0f)));
    CHECK(p[6] == Approx(learn::sigmoid(-1.0f)));
    CHECK(make_solver("learned", gridlab::Rng(0), &network)->decide(position).move == 2);
    CHECK_THROWS_WITH(make_solver("learned"), "the learned solver needs a trained model");
}

TEST_CASE("learner: of the cells nearly as safe as the safest, the learned solver opens the one with fewest hidden neighbours",
          "[minesweeper][learner]") {
    // The hand-set network above with a tenth of its weight on the 1s: logits -2 + 0.1 x the open 1s
    // around, so every hidden cell is within 1.3 times the lowest chance (11.9%). (2,0) has one hidden
    // neighbour, every other cell two or more: it is opened though (0,2) is safer.
    learn::Network network;
    network.add(std::make_unique<learn::Conv2d>(kLearnedInputPlanes, 1, 3));
    std::vector<learn::Parameter*> parameters = network.parameters();
    std::fill(parameters[0]->value.begin(), parameters[0]->value.end(), 0.0f);
    for (int k = 0; k < 9; ++k) parameters[0]->value[1 * 9 + k] = k == 4 ? 0.0f : 0.1f;  // (out 0, plane 1, k)
    parameters[1]->value[0] = -2.0f;
    const Position position = parse_position("1..\n1F.\n...\n", 2);
    CHECK(hidden_neighbours(position, 6) == 1);
    CHECK(hidden_neighbours(position, 2) == 2);
    CHECK(hidden_neighbours(position, 5) == 4);
    const Decision decision = LearnedSolver(network).decide(position);
    CHECK(decision.move == 6);
    CHECK(decision.reason == GuessReason::FewerHidden);
    CHECK(decision.knowledge.mine_probability[6] == Approx(learn::sigmoid(-1.9f)));
    CHECK(decision.knowledge.mine_probability[2] == Approx(learn::sigmoid(-2.0f)));
}

TEST_CASE("learner: a network that cannot score a board's cells is refused", "[minesweeper][learner]") {
    learn::Network five_planes, three_outputs, dense;
    five_planes.add(std::make_unique<learn::Conv2d>(5, 1, 3));
    three_outputs.add(std::make_unique<learn::Conv2d>(kLearnedInputPlanes, 3, 3));
    dense.add(std::make_unique<learn::Conv2d>(kLearnedInputPlanes, 1, 3)).add(std::make_unique<learn::Dense>(81, 81));
    CHECK_THROWS_WITH(LearnedSolver(five_planes),
                      "not a Minesweeper network: its first layer must be a convolution of 11 or 12 input planes");
    CHECK_THROWS_WITH(LearnedSolver(three_outputs),
                      "not a Minesweeper network: its last layer must be a convolution giving 1 or 2 planes");
    CHECK_THROWS_WITH(LearnedSolver(dense), "not a Minesweeper network: it has a dense layer, which fits one board size");
    CHECK_THROWS_WITH(LearnedSolver(learn::Network()),
                      "not a Minesweeper network: its first layer must be a convolution of 11 or 12 input planes");
}

TEST_CASE("learner: with a zero head, the learned solver still decides on the chance of a mine", "[minesweeper][learner]") {
    // The hand-set network above, with a second output (the zero head's) that is the opposite of the
    // first, minus the number of open 1s around: chosen by it, (0, 1) would be opened.
    learn::Network network;
    network.add(std::make_unique<learn::Conv2d>(kLearnedInputPlanes, 2, 3));
    std::vector<learn::Parameter*> parameters = network.parameters();
    std::fill(parameters[0]->value.begin(), parameters[0]->value.end(), 0.0f);
    for (int k = 0; k < 9; ++k) {
        parameters[0]->value[1 * 9 + k] = k == 4 ? 0.0f : 1.0f;                              // (out 0, plane 1, k)
        parameters[0]->value[(kLearnedInputPlanes + 1) * 9 + k] = k == 4 ? 0.0f : -1.0f;   // (out 1, plane 1, k)
    }
    parameters[1]->value = {-2.0f, 0.0f};
    const Position position = parse_position("1..\n1F.\n...\n", 2);
    const Decision decision = LearnedSolver(network).decide(position);
    CHECK(decision.move == 2);
    CHECK(decision.knowledge.mine_probability[2] == Approx(learn::sigmoid(-2.0f)));
    CHECK(decision.knowledge.mine_probability[6] == Approx(learn::sigmoid(-1.0f)));
}

TEST_CASE("learner: a network with the estimates plane looks twice, the second time at its first look's chances", "[minesweeper][learner]") {
    // The hand-set network above, whose logit also adds the estimate of the cell itself: at the first
    // look the density (2 mines among 7 hidden cells, the flag one of them), at the second the
    // chance of the first look. The board is square, so all 8 orientations agree and their mean is
    // each one's value.
    learn::Network network;
    network.add(std::make_unique<learn::Conv2d>(kLearnedInputPlanes + 1, 1, 3));
    std::vector<learn::Parameter*> parameters = network.parameters();
    std::fill(parameters[0]->value.begin(), parameters[0]->value.end(), 0.0f);
    for (int k = 0; k < 9; ++k) parameters[0]->value[1 * 9 + k] = k == 4 ? 0.0f : 1.0f;  // (out 0, plane 1, k)
    parameters[0]->value[kEstimatePlane * 9 + 4] = 1.0f;                                 // (out 0, plane 11, centre)
    parameters[1]->value[0] = -2.0f;
    const Position position = parse_position("1..\n1F.\n...\n", 2);
    const Decision decision = LearnedSolver(network).decide(position);
    const auto looked_twice = [](double ones_around) {
        const double first = ones_around - 2.0 + 2.0 / 7.0;
        return learn::sigmoid(static_cast<float>(ones_around - 2.0 + learn::sigmoid(static_cast<float>(first))));
    };
    CHECK(decision.move == 2);
    const std::vector<double>& p = decision.knowledge.mine_probability;
    CHECK(p[1] == Approx(looked_twice(2)));
    CHECK(p[2] == Approx(looked_twice(0)));
    CHECK(p[6] == Approx(looked_twice(1)));
    CHECK(p[2] != Approx(learn::sigmoid(-2.0f + 2.0f / 7.0f)));  // not the first look's
}

TEST_CASE("learner: training is seeded, and sliced training equals one run", "[minesweeper][learner]") {
    Trainer whole(small_training(5)), sliced(small_training(5)), other(small_training(6));
    whole.train_until(60);
    while (sliced.episodes() < 60) sliced.think(0.0);  // one step per slice
    other.train_until(60);
    CHECK(sliced.steps() == whole.steps());
    CHECK(learn::weight_hash(sliced.network()) == learn::weight_hash(whole.network()));
    CHECK(learn::weight_hash(other.network()) != learn::weight_hash(whole.network()));
    CHECK(whole.curve().size() == 1u);
    CHECK(whole.describe()["episodes"] == 60);
    // The same literal natively and in WebAssembly: training is bit-identical on both.
    CHECK(learn::hex16(learn::weight_hash(whole.network())) == "66e9f92704038068");
    TrainSettings zeros = small_training(5);
    zeros.shape.zero_head = true;
    Trainer with_zeros(zeros);
    with_zeros.train_until(60);
    CHECK(learn::hex16(learn::weight_hash(with_zeros.network())) == "8887226ea8eb6a21");
    TrainSettings once = small_training(5);
    once.shape.second_look = false;
    Trainer looking_once(once);
    looking_once.train_until(60);
    CHECK(learn::hex16(learn::weight_hash(looking_once.network())) == "a1a39378dfce0e8b");
    // A model file says how many times its network looks (files from before the second look: once).
    const std::string bytes = learn::save_model({"minesweeper", looking_once.network(), looking_once.describe()});
    CHECK_FALSE(Trainer(learn::load_model(bytes, "minesweeper")).settings().shape.second_look);
    nlohmann::json old_settings = looking_once.describe();
    old_settings.erase("second_look");
    const std::string old_bytes = learn::save_model({"minesweeper", looking_once.network(), old_settings});
    CHECK_FALSE(Trainer(learn::load_model(old_bytes, "minesweeper")).settings().shape.second_look);
}

TEST_CASE("learner: a curriculum's stage is a run on its board, then the run's own board follows", "[minesweeper][learner]") {
    TrainSettings staged = small_training(5), first_board = small_training(5);
    first_board.board = {4, 4, 2, FirstClick::Safe};
    staged.curriculum = {{first_board.board, 30}};
    Trainer curriculum(staged), alone(first_board);
    curriculum.train_until(30);
    alone.train_until(30);
    CHECK(curriculum.steps() == alone.steps());
    CHECK(learn::weight_hash(curriculum.network()) == learn::weight_hash(alone.network()));
    curriculum.train_until(60);  // 5x5 games from here on: the same filters go on learning
    alone.train_until(60);
    CHECK(learn::weight_hash(curriculum.network()) != learn::weight_hash(alone.network()));
    const nlohmann::json described = curriculum.describe()["curriculum"];
    CHECK(described == nlohmann::json::parse(R"([{"rows":4,"cols":4,"mines":2,"first_click":"safe","episodes":30}])"));
    const std::string bytes = learn::save_model({"minesweeper", curriculum.network(), curriculum.describe()});
    CHECK(Trainer(learn::load_model(bytes, "minesweeper")).settings().curriculum.size() == 1u);
    staged.curriculum[0].episodes = 0;
    CHECK_THROWS_WITH(Trainer(staged), "curriculum: 0 episodes is outside 1..100000000");
}

TEST_CASE("learner: a board larger than 9x9 warms up on 9x9 boards of its density of mines", "[minesweeper][learner]") {
    CHECK(warm_up_board(level_settings("expert")).mines == 17);        // 99 of 480 cells: 16.7 of 81
    CHECK(warm_up_board(level_settings("intermediate")).mines == 13);  // 40 of 256: 12.7 of 81
    CHECK(warm_up_board({30, 30, 2, FirstClick::Safe}).mines == 1);    // never none
    CHECK(warm_up_board({10, 10, 95, FirstClick::Zero}).mines == 72);  // a first click's 9 cells stay free
    CHECK(warm_up_board({10, 10, 95, FirstClick::Zero}).first_click == FirstClick::Zero);
    CHECK(stages(small_training(5)).empty());  // 5x5: nothing to warm up for

    TrainSettings large = small_training(5), nine = small_training(5);
    large.board = {10, 10, 12, FirstClick::Safe};
    large.warm_up = 30;
    nine.board = warm_up_board(large.board);
    REQUIRE(nine.board.mines == 10);
    Trainer warming(large), alone(nine);
    warming.train_until(30);
    alone.train_until(30);
    CHECK(learn::weight_hash(warming.network()) == learn::weight_hash(alone.network()));
    warming.train_until(40);  // 10x10 games from here on
    alone.train_until(40);
    CHECK(learn::weight_hash(warming.network()) != learn::weight_hash(alone.network()));
    const std::string bytes = learn::save_model({"minesweeper", warming.network(), warming.describe()});
    CHECK(Trainer(learn::load_model(bytes, "minesweeper")).settings().warm_up == 30);
    large.warm_up = -1;
    CHECK_THROWS_WITH(Trainer(large), "warm-up: -1 episodes is outside 0..100000000");
}

TEST_CASE("learner: by default an update takes 16 boards of 9x9, or as many cells of a larger board", "[minesweeper][learner]") {
    const TrainSettings defaults;
    CHECK(batch_for(defaults, level_settings("beginner")) == 16);
    CHECK(batch_for(defaults, {5, 5, 3, FirstClick::Safe}) == 16);       // never more than 16
    CHECK(batch_for(defaults, level_settings("intermediate")) == 5);      // 1,296 / 256 cells = 5.06
    CHECK(batch_for(defaults, level_settings("expert")) == 3);            // 1,296 / 480 = 2.7
    CHECK(batch_for(defaults, {40, 40, 300, FirstClick::Safe}) == 1);     // never fewer than 1
    TrainSettings eight = defaults;
    eight.batch = 8;
    CHECK(batch_for(eight, level_settings("expert")) == 8);  // a batch given is every board's

    // The warm-up's 9x9 boards go 16 at a time, the 12x12 boards after it 9 at a time.
    TrainSettings by_board = small_training(5);
    by_board.batch = 0;
    by_board.board = {12, 12, 18, FirstClick::Safe};
    by_board.warm_up = 30;
    TrainSettings sixteen = by_board;
    sixteen.batch = 16;
    Trainer by_size(by_board), always_sixteen(sixteen);
    by_size.train_until(30);
    always_sixteen.train_until(30);
    CHECK(learn::weight_hash(by_size.network()) == learn::weight_hash(always_sixteen.network()));
    by_size.train_until(40);
    always_sixteen.train_until(40);
    CHECK(learn::weight_hash(by_size.network()) != learn::weight_hash(always_sixteen.network()));
}

TEST_CASE("learner: a short training run plays better than random clicks", "[minesweeper][learner]") {
    TrainSettings settings = small_training(3);
    Trainer trainer(settings);
    trainer.train_until(400);
    EvalSettings eval;
    eval.solver = "learned";
    eval.learned = std::make_shared<const learn::Network>(trainer.network());
    eval.settings = settings.board;
    eval.games = 300;
    eval.seed = 4;
    const int learned_wins = evaluate(eval).wins;
    const int random_wins = random_play_wins(settings.board, 300);
    CHECK(learned_wins > random_wins + 30);
}

TEST_CASE("learner: bad settings are refused", "[minesweeper][learner]") {
    TrainSettings settings = small_training(1);
    settings.shape.width = 0;
    CHECK_THROWS_WITH(Trainer(settings), "width: 0 is outside 1..128");
    settings = small_training(1);
    settings.replay_capacity = 4;
    CHECK_THROWS_WITH(Trainer(settings), "replay capacity: 4 is outside batch..1000000");
    settings = small_training(1);
    settings.batch = -1;
    CHECK_THROWS_WITH(Trainer(settings), "batch: -1 is outside 0..1024");
}

TEST_CASE("learner: a run saved in a model file resumes with its weights, counts and curve", "[minesweeper][learner]") {
    Trainer first(small_training(7));
    first.train_until(100);
    const std::string bytes = learn::save_model({"minesweeper", first.network(), first.describe()});
    Trainer resumed(learn::load_model(bytes, "minesweeper"));
    CHECK(learn::weight_hash(resumed.network()) == learn::weight_hash(first.network()));
    CHECK(resumed.episodes() == 100);
    CHECK(resumed.steps() == first.steps());
    CHECK(resumed.updates() == first.updates());
    CHECK(resumed.settings().shape.width == 8);
    CHECK(resumed.settings().board.rows == 5);
    REQUIRE(resumed.curve().size() == 2u);
    CHECK(resumed.curve()[1].episodes == 100);
    CHECK(resumed.curve()[1].win_rate == first.curve()[1].win_rate);
    CHECK(resumed.curve()[1].loss == first.curve()[1].loss);
    resumed.train_until(150);  // and goes on learning
    CHECK(resumed.curve().size() == 3u);
    CHECK(learn::weight_hash(resumed.network()) != learn::weight_hash(first.network()));
}

TEST_CASE("learner: a model file whose settings do not fit is refused", "[minesweeper][learner]") {
    Trainer trainer(small_training(7));
    nlohmann::json settings = trainer.describe();
    settings["width"] = 9;  // the weights are for width 8
    CHECK_THROWS_WITH(Trainer(learn::Model{"minesweeper", trainer.network(), settings}),
                      "the network is not the shape its settings describe");
    settings = trainer.describe();
    settings.erase("rows");
    CHECK_THROWS_AS(Trainer(learn::Model{"minesweeper", trainer.network(), settings}), std::invalid_argument);
}
