// How a puyo looks on the boards of the Puyo and Learn screens.
#pragma once

#include <cstdint>

#include "app/board_look.h"
#include "app/i18n.h"
#include "app/palette.h"
#include "puyo/learner.h"
#include "puyo/rules.h"

namespace gridlab::app {

// The rule sets: their ids in links and state(), and their names on screen ("tutorial" is the rule
// set's id; to a class it is the simple classroom scoring, not a tutorial).
constexpr const char* kPuyoRules[] = {"tsu", "tutorial"};
constexpr const char* kPuyoRuleNames[] = {tr_key("Tsu"), tr_key("Classroom scoring")};
inline int puyo_rules_index(puyo::RuleSet rules) { return rules == puyo::RuleSet::Tsu ? 0 : 1; }
constexpr const char* kPuyoRulesHelp =
    tr_key("Tsu: the real game's rules and scoring. Classroom scoring: simpler rules and points, with no hidden 13th row.");
// A puyo's colour, by puyo::Puyo: its id (a reason's "puyo", app/move_log.h) and its words, and the
// words under the colour-blind palette, which name the mark puyo_mark draws on it.
struct PuyoName {
    const char* id;
    const char* words;
    const char* marked_words;
};
constexpr PuyoName kPuyoNames[] = {
    {"any", tr_key("a puyo"), tr_key("a puyo")},
    {"red", tr_key("a red puyo"), tr_key("a red puyo (no mark)")},
    {"green", tr_key("a green puyo"), tr_key("a green puyo (ring)")},
    {"blue", tr_key("a blue puyo"), tr_key("a blue puyo (dot)")},
    {"yellow", tr_key("a yellow puyo"), tr_key("a yellow puyo (cross)")},
    {"purple", tr_key("a purple puyo"), tr_key("a purple puyo (square)")},
    {"garbage", tr_key("a garbage puyo"), tr_key("a garbage puyo")}};

constexpr uint32_t kPuyoMarkInk = 0x1B1F278C;  // palette::kInk, half transparent over the puyo's colour

inline uint32_t puyo_colour(puyo::Puyo puyo, bool colorblind) {
    if (puyo == puyo::Puyo::Garbage) return palette::kGarbage;
    const int i = static_cast<int>(puyo) - 1;
    return colorblind ? palette::kPuyoColourBlind[i] : palette::kPuyo[i];
}

// In the colour-blind palette every colour also carries its own mark.
inline uint8_t puyo_mark(puyo::Puyo puyo, bool colorblind) {
    static constexpr uint8_t kMarks[5] = {kMarkNone, kMarkRing, kMarkDot, kMarkCross, kMarkSquare};
    if (!colorblind || puyo == puyo::Puyo::Garbage || puyo == puyo::Puyo::None) return kMarkNone;
    return kMarks[static_cast<int>(puyo) - 1];
}

inline CellLook puyo_look(puyo::Puyo puyo, bool colorblind) {
    return {puyo_colour(puyo, colorblind), kShapeDisc, puyo_mark(puyo, colorblind)};
}

// Over a Puyo field's top row, each column's best value (of the legal placements with the pair's first
// puyo there), in thousands of points; the chosen column's in yellow. Each label fits its column, with
// a gap to the next: in smaller text, then without its decimal (17.5 17.6 ran together on small cells).
void draw_column_values(const BoardPlacement& board, const std::array<puyo::Candidate, puyo::kPlacementCount>& candidates,
                        int chosen_column);

}  // namespace gridlab::app
