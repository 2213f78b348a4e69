/* mjscore._native: the native core's shape search (issue 39, first stage).
 *
 * Plain C against the CPython API (no Cython, no cffi), built by setuptools at install where a C
 * compiler exists (setup.py); where none does, mjscore runs its pure-Python modules, which stay the
 * reference: this module must give exactly what mjscore.arrangements gives, object for object and in
 * the same order (tests/test_native.py, tools/native_differential.py).
 *
 * What it does, one call each:
 *   waits(concealed, melds, plan)                        -> tuple of Tile: the wait set
 *   arrangements(concealed, win, declared, claimed, plan) -> list of Arrangement
 * where ``concealed`` is a tuple of Tile (anything with an integer ``index``), ``melds`` a tuple of
 * objects with a ``tiles`` tuple, ``declared`` the tuple of the melds' Group objects, ``plan`` the
 * shapes allowed as bytes (each byte a shape number, SHAPE_NAMES order). The counts and the block
 * tables live in C memory (the garbage collector never visits them); Python objects are made only
 * for what is returned, from the caches mjscore.arrangements keeps (setup()).
 *
 * Safety: every input is bounds-checked. A tile index outside 0-33, or more than 4 tiles of a
 * kind, or more than MAX_TILES concealed tiles, is answered with NotImplemented: the caller then
 * runs the pure-Python search, whose answer (or error) is the reference's. Nothing here trusts a
 * count it has not checked; every buffer grows with its bound checked.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define KINDS 34
#define MAX_TILES 20          /* more concealed tiles than any ruleset holds (16 + 1, with room) */
#define MAX_GROUPS 16         /* groups of one grouping: 17 tiles make at most 8 pairs and a pung */
#define MAX_INDICES 16        /* tiles of one group: a singles group holds at most 15 */

enum { RAW_CHOW = 0, RAW_PUNG = 1, RAW_PAIR = 2, RAW_SINGLES = 3, RAW_KNITTED = 4 };

/* The shapes, in the order of mjscore.arrangements.SHAPES (checked by setup()). */
enum {
    S_REGULAR, S_SEVEN_PAIRS_AND_PUNG, S_THIRTEEN_ORPHANS_AND_SET, S_SIXTEEN_ORPHANS, S_SEVEN_PAIRS,
    S_SEVEN_SHIFTED_PAIRS, S_THIRTEEN_ORPHANS, S_KNITTED_STRAIGHT, S_LESSER_HONOURS, S_GREATER_HONOURS,
    NSHAPES
};
static const char *SHAPE_NAMES[NSHAPES] = {
    "regular", "seven_pairs_and_pung", "thirteen_orphans_and_set", "sixteen_orphans", "seven_pairs",
    "seven_shifted_pairs", "thirteen_orphans", "knitted_straight", "lesser_honours_and_knitted_tiles",
    "greater_honours_and_knitted_tiles",
};
/* Shape.concealed_tiles: an all-concealed shape's exact number of tiles, else -1. */
static const int CONCEALED_TILES[NSHAPES] = {-1, 17, 17, 17, 14, 14, 14, -1, 14, 14};

static const int ORPHANS[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};
#define ORPHAN_MASK ((uint64_t)0x3FC060301ULL)  /* the 13 terminals and honours */
#define NUMBERED_MASK (((uint64_t)1 << 27) - 1)

/* The six knitted straights (147, 258, 369 in three suits), in the order of
 * mjscore.arrangements.KNITTED_STRAIGHTS: itertools.permutations of the three rank triples. */
static const int KNITTED_ORDER[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};

typedef struct {
    uint8_t kind;
    uint8_t n;
    uint8_t idx[MAX_INDICES];
} Raw;

typedef struct {
    uint8_t shape;
    uint8_t ngroups;
    Raw groups[MAX_GROUPS];
} Grouping;

/* A growing list of groupings; ok is 0 once an allocation failed (the caller raises MemoryError). */
typedef struct {
    Grouping *items;
    size_t count;
    size_t size;
    int ok;
    int probe;  /* only counted: every grouping is written to items[0] (a caller's one scratch slot) */
} Groupings;

static Grouping *push(Groupings *list) {
    if (!list->ok) return NULL;
    if (list->probe) {
        list->count++;
        return &list->items[0];
    }
    if (list->count == list->size) {
        size_t size = list->size ? list->size * 2 : 16;
        if (size > ((size_t)1 << 20)) { list->ok = 0; return NULL; }
        Grouping *grown = (Grouping *)realloc(list->items, size * sizeof(Grouping));
        if (grown == NULL) { list->ok = 0; return NULL; }
        list->items = grown;
        list->size = size;
    }
    return &list->items[list->count++];
}

static Raw raw_set(int kind, int index) {
    Raw r;
    memset(&r, 0, sizeof r);
    r.kind = (uint8_t)kind;
    r.n = kind == RAW_PAIR ? 2 : 3;
    for (int k = 0; k < r.n; k++) r.idx[k] = (uint8_t)(kind == RAW_CHOW ? index + k : index);
    return r;
}

/* ----- the regular shape: sets and one pair, one block (suit, honours) at a time ----- */

static const int BLOCK_START[4] = {0, 9, 18, 27};
static const int BLOCK_END[4] = {9, 18, 27, 34};

/* Whether counts c[start..end) (chows where ``chows``) divide into sets: the lowest kind held must
 * begin a pung or a chow. */
static int sets_fit(uint8_t *c, int start, int end, int chows) {
    int l = start;
    while (l < end && !c[l]) l++;
    if (l == end) return 1;
    if (c[l] >= 3) {
        c[l] -= 3;
        int found = sets_fit(c, l, end, chows);
        c[l] += 3;
        if (found) return 1;
    }
    if (chows && l + 2 < end && c[l + 1] && c[l + 2]) {
        c[l]--; c[l + 1]--; c[l + 2]--;
        int found = sets_fit(c, l, end, chows);
        c[l]++; c[l + 1]++; c[l + 2]++;
        if (found) return 1;
    }
    return 0;
}

/* Every division of c[start..end) into sets, in mjscore's order (at the lowest kind held, the pung
 * first, then the chow), appended to ``out`` (each a list of sets, ``nsets`` each). */
typedef struct {
    Raw (*sets)[MAX_GROUPS];
    int *nsets;
    int count;
    int size;
    int ok;
} Divisions;

static void divisions_free(Divisions *d) {
    free(d->sets);
    free(d->nsets);
    d->sets = NULL;
    d->nsets = NULL;
}

static void divide_sets(uint8_t *c, int start, int end, int chows, Raw *stack, int depth, Divisions *out) {
    if (!out->ok) return;
    int l = start;
    while (l < end && !c[l]) l++;
    if (l == end) {
        if (out->count == out->size) {
            int size = out->size ? out->size * 2 : 8;
            if (size > (1 << 20)) { out->ok = 0; return; }
            Raw (*sets)[MAX_GROUPS] = realloc(out->sets, (size_t)size * sizeof *sets);
            if (sets == NULL) { out->ok = 0; return; }
            out->sets = sets;
            int *nsets = realloc(out->nsets, (size_t)size * sizeof *nsets);
            if (nsets == NULL) { out->ok = 0; return; }
            out->nsets = nsets;
            out->size = size;
        }
        memcpy(out->sets[out->count], stack, (size_t)depth * sizeof(Raw));
        out->nsets[out->count] = depth;
        out->count++;
        return;
    }
    if (depth >= MAX_GROUPS) { out->ok = 0; return; }
    if (c[l] >= 3) {
        c[l] -= 3;
        stack[depth] = raw_set(RAW_PUNG, l);
        divide_sets(c, l, end, chows, stack, depth + 1, out);
        c[l] += 3;
    }
    if (chows && l + 2 < end && c[l + 1] && c[l + 2]) {
        c[l]--; c[l + 1]--; c[l + 2]--;
        stack[depth] = raw_set(RAW_CHOW, l);
        divide_sets(c, l, end, chows, stack, depth + 1, out);
        c[l]++; c[l + 1]++; c[l + 2]++;
    }
}

static int block_size(const uint8_t *c, int b) {
    int size = 0;
    for (int i = BLOCK_START[b]; i < BLOCK_END[b]; i++) size += c[i];
    return size;
}

/* Whether block ``b`` can take its part of a regular hand (arrangements._fits): sets alone for a multiple
 * of three tiles, sets and the pair for two over one, never for one over. */
static int block_fits(uint8_t *c, int b, int remainder) {
    if (remainder == 0) return sets_fit(c, BLOCK_START[b], BLOCK_END[b], b < 3);
    if (remainder == 1) return 0;
    for (int i = BLOCK_START[b]; i < BLOCK_END[b]; i++) {
        if (c[i] >= 2) {
            c[i] -= 2;
            int found = sets_fit(c, BLOCK_START[b], BLOCK_END[b], b < 3);
            c[i] += 2;
            if (found) return 1;
        }
    }
    return 0;
}

/* Whether the counts make a regular hand (sets and one pair): mjscore.arrangements._regular, as a test. */
static int regular_exists(uint8_t *c) {
    int pair_block = -1;
    for (int b = 0; b < 4; b++) {
        int remainder = block_size(c, b) % 3;
        if (remainder == 2 && pair_block < 0) {
            pair_block = b;
        } else if (remainder || !sets_fit(c, BLOCK_START[b], BLOCK_END[b], b < 3)) {
            return 0;
        }
    }
    if (pair_block < 0) return 0;
    for (int i = BLOCK_START[pair_block]; i < BLOCK_END[pair_block]; i++) {
        if (c[i] >= 2) {
            c[i] -= 2;
            int found = sets_fit(c, BLOCK_START[pair_block], BLOCK_END[pair_block], pair_block < 3);
            c[i] += 2;
            if (found) return 1;
        }
    }
    return 0;
}

/* Every regular grouping of the counts (the pair first, then each block's sets, the first block's
 * division outermost), each beginning with the groups of ``head`` (the knitted straight's): the
 * order of mjscore.arrangements._regular and _joined. Returns 0 on a failed allocation. */
static int regular_groupings(uint8_t *c, int shape, const Raw *head, int nhead, int wanted_len, Groupings *out) {
    int pair_block = -1;
    for (int b = 0; b < 4; b++) {
        int remainder = block_size(c, b) % 3;
        if (remainder == 2 && pair_block < 0) {
            pair_block = b;
        } else if (remainder || !sets_fit(c, BLOCK_START[b], BLOCK_END[b], b < 3)) {
            return 1;
        }
    }
    if (pair_block < 0) return 1;
    Divisions per[4];
    memset(per, 0, sizeof per);
    Raw stack[MAX_GROUPS];
    int ok = 1;
    for (int b = 0; b < 4 && ok; b++) {
        per[b].ok = 1;
        if (b != pair_block) {
            divide_sets(c, BLOCK_START[b], BLOCK_END[b], b < 3, stack, 0, &per[b]);
            ok = per[b].ok;
        }
    }
    for (int i = BLOCK_START[pair_block]; ok && i < BLOCK_END[pair_block]; i++) {
        if (c[i] < 2) continue;
        c[i] -= 2;
        Divisions rest;
        memset(&rest, 0, sizeof rest);
        rest.ok = 1;
        divide_sets(c, BLOCK_START[pair_block], BLOCK_END[pair_block], pair_block < 3, stack, 0, &rest);
        c[i] += 2;
        if (!rest.ok) { ok = 0; divisions_free(&rest); break; }
        Divisions *use[4];
        for (int b = 0; b < 4; b++) use[b] = b == pair_block ? &rest : &per[b];
        Raw pair = raw_set(RAW_PAIR, i);
        for (int d0 = 0; ok && d0 < use[0]->count; d0++)
            for (int d1 = 0; ok && d1 < use[1]->count; d1++)
                for (int d2 = 0; ok && d2 < use[2]->count; d2++)
                    for (int d3 = 0; ok && d3 < use[3]->count; d3++) {
                        int chosen[4] = {d0, d1, d2, d3};
                        int n = nhead + 1;
                        for (int b = 0; b < 4; b++) n += use[b]->nsets[chosen[b]];
                        if (wanted_len >= 0 && n - nhead != wanted_len) continue;
                        if (n > MAX_GROUPS) { ok = 0; break; }
                        Grouping *g = push(out);
                        if (g == NULL) { ok = 0; break; }
                        g->shape = (uint8_t)shape;
                        int at = 0;
                        for (int k = 0; k < nhead; k++) g->groups[at++] = head[k];
                        g->groups[at++] = pair;
                        for (int b = 0; b < 4; b++)
                            for (int k = 0; k < use[b]->nsets[chosen[b]]; k++)
                                g->groups[at++] = use[b]->sets[chosen[b]][k];
                        g->ngroups = (uint8_t)at;
                    }
        divisions_free(&rest);
    }
    for (int b = 0; b < 4; b++) divisions_free(&per[b]);
    return ok;
}

/* ----- the irregular shapes ----- */

static int total_of(const uint8_t *c) {
    int total = 0;
    for (int i = 0; i < KINDS; i++) total += c[i];
    return total;
}

static uint64_t mask_of(const uint8_t *c) {
    uint64_t mask = 0;
    for (int i = 0; i < KINDS; i++)
        if (c[i]) mask |= (uint64_t)1 << i;
    return mask;
}

static int odd_of(const uint8_t *c) {
    int odd = 0;
    for (int i = 0; i < KINDS; i++) odd += c[i] & 1;
    return odd;
}

static int most_of(const uint8_t *c) {
    int most = 0;
    for (int i = 0; i < KINDS; i++)
        if (c[i] > most) most = c[i];
    return most;
}

static int honours_of(const uint8_t *c) {
    int honours = 0;
    for (int i = 27; i < KINDS; i++) honours += c[i];
    return honours;
}

static int add_grouping(Groupings *out, int shape, const Raw *groups, int n) {
    if (n > MAX_GROUPS) return 0;
    Grouping *g = push(out);
    if (g == NULL) return 0;
    g->shape = (uint8_t)shape;
    g->ngroups = (uint8_t)n;
    memcpy(g->groups, groups, (size_t)n * sizeof(Raw));
    return 1;
}

/* Nico Nico: seven pairs and one pung (SevenPairsAndPung.divide). */
static int seven_pairs_and_pung(const uint8_t *c, int melds, Groupings *out) {
    if (melds || total_of(c) != 17 || odd_of(c) != 1) return 1;
    int pung = -1;
    for (int i = 0; i < KINDS; i++)
        if (c[i] & 1) { pung = i; break; }
    if (pung < 0 || c[pung] != 3) return 1;
    Raw groups[MAX_GROUPS];
    int n = 0;
    groups[n++] = raw_set(RAW_PUNG, pung);
    for (int i = 0; i < KINDS; i++) {
        int pairs = (c[i] - (i == pung ? 3 : 0)) / 2;
        for (int k = 0; k < pairs; k++) {
            if (n >= MAX_GROUPS) return 0;
            groups[n++] = raw_set(RAW_PAIR, i);
        }
    }
    return add_grouping(out, S_SEVEN_PAIRS_AND_PUNG, groups, n);
}

static Raw singles_without(const int *kinds, int nkinds, int without) {
    Raw r;
    memset(&r, 0, sizeof r);
    r.kind = RAW_SINGLES;
    for (int k = 0; k < nkinds && r.n < MAX_INDICES; k++)
        if (kinds[k] != without) r.idx[r.n++] = (uint8_t)kinds[k];
    return r;
}

/* Every division of the counts into sets only (mjscore.arrangements._sets_of), as the number of
 * sets of each: only whether a division of exactly one set exists is asked (LRC 13 Orphans). */
static int one_set_division(uint8_t *c, Raw *set) {
    int total = total_of(c);
    if (total != 3) return 0;
    for (int b = 0; b < 4; b++) {
        int size = block_size(c, b);
        if (size == 0) continue;
        if (size != 3) return 0;
        int l = BLOCK_START[b];
        while (!c[l]) l++;
        if (c[l] == 3) { *set = raw_set(RAW_PUNG, l); return 1; }
        if (b < 3 && l + 2 < BLOCK_END[b] && c[l] == 1 && c[l + 1] == 1 && c[l + 2] == 1) {
            *set = raw_set(RAW_CHOW, l);
            return 1;
        }
        return 0;
    }
    return 0;
}

/* LRC 13 Orphans: one of each terminal and honour, one again as the eyes, and one set. */
static int thirteen_orphans_and_set(const uint8_t *c, int melds, Groupings *out) {
    if (melds || total_of(c) != 17 || (ORPHAN_MASK & ~mask_of(c))) return 1;
    uint8_t rest[KINDS];
    memcpy(rest, c, sizeof rest);
    for (int k = 0; k < 13; k++) rest[ORPHANS[k]]--;
    for (int k = 0; k < 13; k++) {
        int pair = ORPHANS[k];
        if (rest[pair] < 1) continue;
        uint8_t left[KINDS];
        memcpy(left, rest, sizeof left);
        left[pair]--;
        Raw set;
        if (one_set_division(left, &set)) {
            Raw groups[3];
            groups[0] = singles_without(ORPHANS, 13, pair);
            groups[1] = raw_set(RAW_PAIR, pair);
            groups[2] = set;
            if (!add_grouping(out, S_THIRTEEN_ORPHANS_AND_SET, groups, 3)) return 0;
        }
    }
    return 1;
}

/* 16 Orphans: three ranks of each suit at least 3 apart, every honour, one of them again. */
static int sixteen_orphans(const uint8_t *c, int melds, Groupings *out) {
    if (melds || total_of(c) != 17 || most_of(c) > 2 || honours_of(c) < 7) return 1;
    int kinds[KINDS];
    int nkinds = 0;
    for (int i = 0; i < KINDS; i++)
        if (c[i]) kinds[nkinds++] = i;
    if (nkinds != 16) return 1;
    for (int i = 27; i < KINDS; i++)
        if (!c[i]) return 1;
    for (int start = 0; start < 27; start += 9) {
        int ranks[9];
        int n = 0;
        for (int k = 0; k < nkinds; k++)
            if (kinds[k] >= start && kinds[k] < start + 9) ranks[n++] = kinds[k] - start;
        if (n != 3 || ranks[1] - ranks[0] < 3 || ranks[2] - ranks[1] < 3) return 1;
    }
    int pair = -1;
    for (int k = 0; k < nkinds; k++)
        if (c[kinds[k]] == 2) { pair = kinds[k]; break; }
    if (pair < 0) return 1;
    Raw groups[2];
    groups[0] = singles_without(kinds, nkinds, pair);
    groups[1] = raw_set(RAW_PAIR, pair);
    return add_grouping(out, S_SIXTEEN_ORPHANS, groups, 2);
}

/* Seven pairs (four of a kind is two pairs), and seven shifted pairs (one suit, seven ranks in a row). */
static int seven_pairs(const uint8_t *c, int melds, int shape, Groupings *out) {
    if (melds || total_of(c) != 14 || odd_of(c)) return 1;
    Raw groups[MAX_GROUPS];
    int n = 0;
    int first = -1, last = -1, nkinds = 0;
    for (int i = 0; i < KINDS; i++) {
        if (!c[i]) continue;
        if (first < 0) first = i;
        last = i;
        nkinds++;
        for (int k = 0; k < c[i] / 2; k++) {
            if (n >= MAX_GROUPS) return 0;
            groups[n++] = raw_set(RAW_PAIR, i);
        }
    }
    if (shape == S_SEVEN_SHIFTED_PAIRS
        && (nkinds != 7 || last >= 27 || last - first != 6 || first / 9 != last / 9)) return 1;
    return add_grouping(out, shape, groups, n);
}

/* MCR Thirteen Orphans: one of each terminal and honour and one of them again. */
static int thirteen_orphans(const uint8_t *c, int melds, Groupings *out) {
    if (melds || total_of(c) != 14 || (ORPHAN_MASK & ~mask_of(c))) return 1;
    int pair = -1;
    for (int k = 0; k < 13; k++)
        if (c[ORPHANS[k]] == 2) { pair = ORPHANS[k]; break; }
    if (pair < 0) return 1;
    Raw groups[2];
    groups[0] = singles_without(ORPHANS, 13, pair);
    groups[1] = raw_set(RAW_PAIR, pair);
    return add_grouping(out, S_THIRTEEN_ORPHANS, groups, 2);
}

static int knitted_index(int number, int part, int k) {
    /* suit ``part`` holds ranks (KNITTED_ORDER[number][part] + 1) + 3k */
    return part * 9 + KNITTED_ORDER[number][part] + 3 * k;
}

static uint64_t knitted_mask(int number) {
    uint64_t mask = 0;
    for (int part = 0; part < 3; part++)
        for (int k = 0; k < 3; k++) mask |= (uint64_t)1 << knitted_index(number, part, k);
    return mask;
}

/* A knitted straight with one more set (concealed or declared) and a pair. */
static int knitted_straight(const uint8_t *c, int melds, Groupings *out) {
    uint64_t mask = mask_of(c);
    for (int number = 0; number < 6; number++) {
        if (knitted_mask(number) & ~mask) continue;
        uint8_t rest[KINDS];
        memcpy(rest, c, sizeof rest);
        Raw head[3];
        for (int part = 0; part < 3; part++) {
            memset(&head[part], 0, sizeof(Raw));
            head[part].kind = RAW_KNITTED;
            head[part].n = 3;
            for (int k = 0; k < 3; k++) {
                int i = knitted_index(number, part, k);
                head[part].idx[k] = (uint8_t)i;
                rest[i]--;
            }
        }
        /* groupings whose length (pair and sets) with the melds makes 2 */
        if (2 - melds < 0) continue;
        if (!regular_groupings(rest, S_KNITTED_STRAIGHT, head, 3, 2 - melds, out)) return 0;
    }
    return 1;
}

/* Honours and knitted tiles: fourteen different tiles, the numbered ones of one knitted straight. */
static int honours_and_knitted(const uint8_t *c, int melds, int greater, Groupings *out) {
    if (melds || most_of(c) > 1 || total_of(c) != 14 || (honours_of(c) == 7) != greater) return 1;
    uint64_t numbered = mask_of(c) & NUMBERED_MASK;
    for (int number = 0; number < 6; number++) {
        if (numbered & ~knitted_mask(number)) continue;
        Raw groups[4];
        for (int part = 0; part < 3; part++) {
            memset(&groups[part], 0, sizeof(Raw));
            groups[part].kind = RAW_KNITTED;
            for (int k = 0; k < 3; k++) {
                int i = knitted_index(number, part, k);
                if (c[i]) groups[part].idx[groups[part].n++] = (uint8_t)i;
            }
        }
        memset(&groups[3], 0, sizeof(Raw));
        groups[3].kind = RAW_SINGLES;
        for (int i = 27; i < KINDS; i++)
            if (c[i]) groups[3].idx[groups[3].n++] = (uint8_t)i;
        return add_grouping(out, greater ? S_GREATER_HONOURS : S_LESSER_HONOURS, groups, 4);
    }
    return 1;
}

/* Every grouping of the counts into ``shape`` beside ``melds`` declared sets (Shape.divide). */
static int divide(int shape, uint8_t *c, int melds, Groupings *out) {
    switch (shape) {
    case S_REGULAR: return regular_groupings(c, S_REGULAR, NULL, 0, -1, out);
    case S_SEVEN_PAIRS_AND_PUNG: return seven_pairs_and_pung(c, melds, out);
    case S_THIRTEEN_ORPHANS_AND_SET: return thirteen_orphans_and_set(c, melds, out);
    case S_SIXTEEN_ORPHANS: return sixteen_orphans(c, melds, out);
    case S_SEVEN_PAIRS: return seven_pairs(c, melds, S_SEVEN_PAIRS, out);
    case S_SEVEN_SHIFTED_PAIRS: return seven_pairs(c, melds, S_SEVEN_SHIFTED_PAIRS, out);
    case S_THIRTEEN_ORPHANS: return thirteen_orphans(c, melds, out);
    case S_KNITTED_STRAIGHT: return knitted_straight(c, melds, out);
    case S_LESSER_HONOURS: return honours_and_knitted(c, melds, 0, out);
    case S_GREATER_HONOURS: return honours_and_knitted(c, melds, 1, out);
    default: return 1;
    }
}

/* What the irregular shapes ask of the counts first, worked out once for a candidate of the wait set. */
typedef struct {
    int total, odd, most, honours;
    uint64_t mask;
} Stats;

static void stats_of(const uint8_t *c, Stats *st) {
    memset(st, 0, sizeof *st);
    for (int i = 0; i < KINDS; i++) {
        if (!c[i]) continue;
        st->total += c[i];
        st->odd += c[i] & 1;
        if (c[i] > st->most) st->most = c[i];
        if (i >= 27) st->honours += c[i];
        st->mask |= (uint64_t)1 << i;
    }
}

/* Whether a shape's own first test of its divide() can pass: only then is it called. */
static int may_divide(int shape, const Stats *st, int melds) {
    switch (shape) {
    case S_SEVEN_PAIRS_AND_PUNG: return !melds && st->total == 17 && st->odd == 1;
    case S_THIRTEEN_ORPHANS_AND_SET: return !melds && st->total == 17 && !(ORPHAN_MASK & ~st->mask);
    case S_SIXTEEN_ORPHANS: return !melds && st->total == 17 && st->most <= 2 && st->honours >= 7;
    case S_SEVEN_PAIRS:
    case S_SEVEN_SHIFTED_PAIRS: return !melds && st->total == 14 && !st->odd;
    case S_THIRTEEN_ORPHANS: return !melds && st->total == 14 && !(ORPHAN_MASK & ~st->mask);
    case S_KNITTED_STRAIGHT:
        for (int number = 0; number < 6; number++)
            if (!(knitted_mask(number) & ~st->mask)) return 1;
        return 0;
    case S_LESSER_HONOURS: return !melds && st->most <= 1 && st->total == 14 && st->honours != 7;
    case S_GREATER_HONOURS: return !melds && st->most <= 1 && st->total == 14 && st->honours == 7;
    default: return 1;
    }
}

/* Whether the counts make ``shape`` (divide, as a test; -1 on a failed allocation). */
static int divides(int shape, uint8_t *c, int melds, const Stats *st) {
    if (shape == S_REGULAR) return regular_exists(c);
    if (!may_divide(shape, st, melds)) return 0;
    Grouping slot;
    Groupings scratch = {&slot, 0, 1, 1, 1};
    int ok = divide(shape, c, melds, &scratch);
    if (!ok || !scratch.ok) return -1;
    return scratch.count > 0;
}

static int may_hold(int shape, int tiles, int melds) {
    return CONCEALED_TILES[shape] < 0 || (!melds && CONCEALED_TILES[shape] == tiles);
}

/* ----- reading the arguments ----- */

static PyObject *str_index;     /* "index" */
static PyObject *str_tiles;     /* "tiles" */
static PyObject *hand_tiles;    /* mjscore.tiles.HAND_TILES */
static PyObject *shape_names;   /* the shapes' names, SHAPE_NAMES order (the str objects of SHAPES) */
static PyObject *roles;         /* WinRole members: edge, closed, two_sided, pair, pung, single */
static PyObject *concealed_sets;  /* arrangements._CONCEALED_SETS (list, by 3 * first + code) */
static PyObject *claimed_sets;    /* arrangements._CLAIMED_SETS */
static PyObject *concealed_group; /* arrangements._concealed_group(raw) */
static PyObject *claimed_group;   /* arrangements._claimed_group(raw) */
static PyTypeObject *arrangement_type;  /* arrangements.Arrangement */
static PyObject *str_shape, *str_groups, *str_win_group, *str_win_role;

/* The index of one tile object: -1 (no exception set) for anything but a kind 0-33, -2 with an
 * exception set where reading it failed. */
static int tile_index(PyObject *tile) {
    PyObject *value = PyObject_GetAttr(tile, str_index);
    if (value == NULL) {
        if (PyErr_ExceptionMatches(PyExc_AttributeError)) { PyErr_Clear(); return -1; }
        return -2;
    }
    if (!PyLong_Check(value)) { Py_DECREF(value); return -1; }
    long index = PyLong_AsLong(value);
    Py_DECREF(value);
    if (index == -1 && PyErr_Occurred()) { PyErr_Clear(); return -1; }
    return index >= 0 && index < KINDS ? (int)index : -1;
}

/* Counts the tiles of the tuple ``tiles`` into c. 1: done; 0: something the native search does not
 * take (the caller answers NotImplemented); -1: an exception is set. */
static int count_tiles(PyObject *tiles, uint8_t *c, int *total) {
    if (!PyTuple_Check(tiles)) return 0;
    Py_ssize_t n = PyTuple_GET_SIZE(tiles);
    if (n > MAX_TILES) return 0;
    for (Py_ssize_t k = 0; k < n; k++) {
        int index = tile_index(PyTuple_GET_ITEM(tiles, k));
        if (index == -2) return -1;
        if (index < 0 || c[index] >= 4) return 0;
        c[index]++;
        (*total)++;
    }
    return 1;
}

/* The plan: bytes of shape numbers. 1: read; 0: not taken. */
static int read_plan(PyObject *plan, const unsigned char **shapes, Py_ssize_t *nshapes) {
    if (!PyBytes_Check(plan)) return 0;
    *shapes = (const unsigned char *)PyBytes_AS_STRING(plan);
    *nshapes = PyBytes_GET_SIZE(plan);
    if (*nshapes > NSHAPES) return 0;
    for (Py_ssize_t k = 0; k < *nshapes; k++)
        if ((*shapes)[k] >= NSHAPES) return 0;
    return 1;
}

static int ready(void) {
    if (arrangement_type == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "mjscore._native.setup() has not been called");
        return 0;
    }
    return 1;
}

/* The wait set (mjscore.arrangements.held_waits): ``c`` the concealed counts (``total`` tiles), ``held`` the
 * same with the declared melds' tiles, ``nmelds`` melds; in_set[i] 1 for each kind waited on. 0 on a
 * failed allocation. */
static int wait_set(uint8_t *c, int total, const uint8_t *held, int nmelds, const unsigned char *shapes,
                    Py_ssize_t nshapes, int *in_set) {
    int known[KINDS];
    for (int i = 0; i < KINDS; i++) known[i] = held[i] >= 4;
    int unavailable[KINDS];
    memcpy(unavailable, known, sizeof known);
    /* The regular shape one block at a time (arrangements._regular_waits): a tile more changes only its
     * own block, which must then fit, every other fit as it is, and one of them hold the pair. */
    int regular = 0;
    for (Py_ssize_t s = 0; s < nshapes; s++) regular |= shapes[s] == S_REGULAR;
    if (regular) {
        int fits[4], remainder[4];
        for (int b = 0; b < 4; b++) {
            remainder[b] = block_size(c, b) % 3;
            fits[b] = block_fits(c, b, remainder[b]);
        }
        for (int b = 0; b < 4; b++) {
            int pairs = remainder[b] == 1, others_fit = 1;
            for (int o = 0; o < 4; o++)
                if (o != b) { others_fit &= fits[o]; pairs += remainder[o] == 2; }
            if (!others_fit || pairs != 1) continue;
            for (int i = BLOCK_START[b]; i < BLOCK_END[b]; i++) {
                if (known[i] || c[i] >= 4) continue;
                c[i]++;
                if (block_fits(c, b, (remainder[b] + 1) % 3)) known[i] = 1;
                c[i]--;
            }
        }
    }
    /* Each other shape: each kind not held four times, one more of it, its figures updated, not counted
     * again; divide() asked only where the shape's own first test can pass. */
    int others = 0;
    for (Py_ssize_t s = 0; s < nshapes; s++)
        others |= shapes[s] != S_REGULAR && may_hold(shapes[s], total + 1, nmelds);
    if (others) {
        Stats held_stats;
        stats_of(c, &held_stats);
        for (int i = 0; i < KINDS; i++) {
            if (known[i] || c[i] >= 4) continue;
            Stats st = held_stats;
            st.total++;
            st.odd += (c[i] & 1) ? -1 : 1;
            if (c[i] + 1 > st.most) st.most = c[i] + 1;
            if (i >= 27) st.honours++;
            st.mask |= (uint64_t)1 << i;
            c[i]++;
            for (Py_ssize_t s = 0; s < nshapes && !known[i]; s++) {
                int shape = shapes[s];
                if (shape == S_REGULAR || !may_hold(shape, total + 1, nmelds)) continue;
                int found = divides(shape, c, nmelds, &st);
                if (found < 0) { c[i]--; return 0; }
                if (found) known[i] = 1;
            }
            c[i]--;
        }
    }
    for (int i = 0; i < KINDS; i++) in_set[i] = known[i] && !unavailable[i];
    return 1;
}

/* waits(concealed, melds, plan): the wait set as a tuple of Tile (mjscore.arrangements.held_waits). */
static PyObject *native_waits(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *concealed, *melds, *plan;
    if (!PyArg_ParseTuple(args, "OOO:waits", &concealed, &melds, &plan)) return NULL;
    if (!ready()) return NULL;
    uint8_t c[KINDS] = {0};
    uint8_t held[KINDS] = {0};
    int total = 0, unused = 0;
    int read = count_tiles(concealed, c, &total);
    if (read < 0) return NULL;
    if (read == 0 || !PyTuple_Check(melds)) Py_RETURN_NOTIMPLEMENTED;
    const unsigned char *shapes;
    Py_ssize_t nshapes;
    if (!read_plan(plan, &shapes, &nshapes)) Py_RETURN_NOTIMPLEMENTED;
    Py_ssize_t nmelds = PyTuple_GET_SIZE(melds);
    if (nmelds > 8) Py_RETURN_NOTIMPLEMENTED;
    memcpy(held, c, sizeof held);
    for (Py_ssize_t k = 0; k < nmelds; k++) {
        PyObject *tiles = PyObject_GetAttr(PyTuple_GET_ITEM(melds, k), str_tiles);
        if (tiles == NULL) return NULL;
        uint8_t meld[KINDS] = {0};
        int found = count_tiles(tiles, meld, &unused);
        Py_DECREF(tiles);
        if (found < 0) return NULL;
        if (found == 0) Py_RETURN_NOTIMPLEMENTED;
        for (int i = 0; i < KINDS; i++) {
            if (held[i] + meld[i] > 8) Py_RETURN_NOTIMPLEMENTED;
            held[i] = (uint8_t)(held[i] + meld[i]);
        }
    }
    int in_set[KINDS];
    if (!wait_set(c, total, held, (int)nmelds, shapes, nshapes, in_set)) return PyErr_NoMemory();
    int count = 0;
    for (int i = 0; i < KINDS; i++) count += in_set[i];
    PyObject *result = PyTuple_New(count);
    if (result == NULL) return NULL;
    int at = 0;
    for (int i = 0; i < KINDS; i++) {
        if (in_set[i]) {
            PyObject *tile = PyTuple_GET_ITEM(hand_tiles, i);
            Py_INCREF(tile);
            PyTuple_SET_ITEM(result, at++, tile);
        }
    }
    return result;
}

/* The raw group (kind, (indices...)) of mjscore.arrangements, as Python objects. */
static PyObject *raw_object(const Raw *raw) {
    PyObject *indices = PyTuple_New(raw->n);
    if (indices == NULL) return NULL;
    for (int k = 0; k < raw->n; k++) {
        PyObject *value = PyLong_FromLong(raw->idx[k]);
        if (value == NULL) { Py_DECREF(indices); return NULL; }
        PyTuple_SET_ITEM(indices, k, value);
    }
    return Py_BuildValue("(iN)", (int)raw->kind, indices);
}

/* The Group object of a raw group: from the kept list of chows, pungs and pairs by 3 * first + code,
 * else made (and kept) by arrangements._concealed_group / _claimed_group. New reference. */
static PyObject *group_object(const Raw *raw, int claimed) {
    PyObject *kept = claimed ? claimed_sets : concealed_sets;
    if (raw->kind <= RAW_PAIR) {
        Py_ssize_t slot = 3 * (Py_ssize_t)raw->idx[0] + raw->kind;
        if (slot < PyList_GET_SIZE(kept)) {
            PyObject *found = PyList_GET_ITEM(kept, slot);
            if (found != Py_None) { Py_INCREF(found); return found; }
        }
    }
    PyObject *rawobj = raw_object(raw);
    if (rawobj == NULL) return NULL;
    PyObject *made = PyObject_CallOneArg(claimed ? claimed_group : concealed_group, rawobj);
    Py_DECREF(rawobj);
    return made;
}

static int same_raw(const Raw *a, const Raw *b) {
    return a->kind == b->kind && a->n == b->n && memcmp(a->idx, b->idx, a->n) == 0;
}

/* The number of the winning tile's role in its raw group (mjscore.arrangements._role; native_program.ROLES). */
static int role_number(const Raw *raw, int win) {
    int which;
    if (raw->kind == RAW_CHOW) {
        int position = 0;
        while (position < raw->n && raw->idx[position] != win) position++;
        int rank = raw->idx[0] % 9 + 1;
        if (position == 1) which = 1;
        else if ((position == 2 && rank == 1) || (position == 0 && rank == 7)) which = 0;
        else which = 2;
    } else if (raw->kind == RAW_PUNG) {
        which = 4;
    } else if (raw->kind == RAW_PAIR) {
        which = 3;
    } else {
        which = 5;
    }
    return which;
}

/* WinRole of the winning tile in its raw group (borrowed). */
static PyObject *role_of(const Raw *raw, int win) {
    return PyTuple_GET_ITEM(roles, role_number(raw, win));
}

/* A new Arrangement with its fields set as its __init__ would (object.__setattr__ on its slots). */
static PyObject *arrangement_object(PyObject *shape, PyObject *groups, Py_ssize_t win_group, PyObject *role) {
    PyObject *made = arrangement_type->tp_alloc(arrangement_type, 0);
    if (made == NULL) return NULL;
    PyObject *at = PyLong_FromSsize_t(win_group);
    if (at == NULL
        || PyObject_GenericSetAttr(made, str_shape, shape) < 0
        || PyObject_GenericSetAttr(made, str_groups, groups) < 0
        || PyObject_GenericSetAttr(made, str_win_group, at) < 0
        || PyObject_GenericSetAttr(made, str_win_role, role) < 0) {
        Py_XDECREF(at);
        Py_DECREF(made);
        return NULL;
    }
    Py_DECREF(at);
    return made;
}

/* arrangements(concealed, win, declared, claimed, plan): mjscore.arrangements.arrangements. */
static PyObject *native_arrangements(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *concealed, *declared, *plan;
    int win, claimed;
    if (!PyArg_ParseTuple(args, "OiOpO:arrangements", &concealed, &win, &declared, &claimed, &plan)) return NULL;
    if (!ready()) return NULL;
    if (win < 0 || win >= KINDS || !PyTuple_Check(declared) || PyTuple_GET_SIZE(declared) > 8)
        Py_RETURN_NOTIMPLEMENTED;
    uint8_t c[KINDS] = {0};
    int total = 0;
    int read = count_tiles(concealed, c, &total);
    if (read < 0) return NULL;
    if (read == 0 || c[win] >= 4) Py_RETURN_NOTIMPLEMENTED;
    c[win]++;
    total++;
    const unsigned char *shapes;
    Py_ssize_t nshapes;
    if (!read_plan(plan, &shapes, &nshapes)) Py_RETURN_NOTIMPLEMENTED;
    int before = (int)PyTuple_GET_SIZE(declared);
    Groupings found = {NULL, 0, 0, 1, 0};
    for (Py_ssize_t s = 0; s < nshapes; s++) {
        int shape = shapes[s];
        if (!may_hold(shape, total, before)) continue;
        if (!divide(shape, c, before, &found) || !found.ok) {
            free(found.items);
            return PyErr_NoMemory();
        }
    }
    PyObject *result = PyList_New(0);
    if (result == NULL) { free(found.items); return NULL; }
    for (size_t k = 0; k < found.count; k++) {
        const Grouping *g = &found.items[k];
        PyObject *groups = NULL;  /* declared + concealed groups, made on the grouping's first placing */
        for (int position = 0; position < g->ngroups; position++) {
            const Raw *raw = &g->groups[position];
            int holds = 0;
            for (int t = 0; t < raw->n; t++) holds |= raw->idx[t] == win;
            if (!holds) continue;
            int seen = 0;
            for (int earlier = 0; earlier < position && !seen; earlier++) {
                const Raw *other = &g->groups[earlier];
                int other_holds = 0;
                for (int t = 0; t < other->n; t++) other_holds |= other->idx[t] == win;
                seen = other_holds && same_raw(other, raw);
            }
            if (seen) continue;
            if (groups == NULL) {
                groups = PyTuple_New(before + g->ngroups);
                if (groups == NULL) goto failed;
                for (int d = 0; d < before; d++) {
                    PyObject *meld = PyTuple_GET_ITEM(declared, d);
                    Py_INCREF(meld);
                    PyTuple_SET_ITEM(groups, d, meld);
                }
                for (int j = 0; j < g->ngroups; j++) {
                    PyObject *group = group_object(&g->groups[j], 0);
                    if (group == NULL) goto failed;
                    PyTuple_SET_ITEM(groups, before + j, group);
                }
            }
            PyObject *placed = groups;
            Py_INCREF(placed);
            if (claimed) {  /* the claimed tile leaves its group exposed (ruling 3) */
                Py_DECREF(placed);
                placed = PyTuple_New(before + g->ngroups);
                if (placed == NULL) goto failed;
                for (int j = 0; j < before + g->ngroups; j++) {
                    PyObject *item;
                    if (j == before + position) {
                        item = group_object(raw, 1);
                        if (item == NULL) { Py_DECREF(placed); goto failed; }
                    } else {
                        item = PyTuple_GET_ITEM(groups, j);
                        Py_INCREF(item);
                    }
                    PyTuple_SET_ITEM(placed, j, item);
                }
            }
            PyObject *made = arrangement_object(PyTuple_GET_ITEM(shape_names, g->shape), placed, before + position,
                                                role_of(raw, win));
            Py_DECREF(placed);
            if (made == NULL) goto failed;
            int appended = PyList_Append(result, made);
            Py_DECREF(made);
            if (appended < 0) goto failed;
        }
        Py_XDECREF(groups);
        continue;
    failed:
        Py_XDECREF(groups);
        Py_DECREF(result);
        free(found.items);
        return NULL;
    }
    free(found.items);
    return result;
}

/* ----- the evaluator: a ruleset's program (mjscore.scoring.native_program) over every arrangement ----- */

enum {
    OP_CONST, OP_LOAD, OP_STORE, OP_VALUE, OP_BIN, OP_NOT, OP_NEG, OP_INVERT, OP_POP,
    OP_JUMP, OP_JIF, OP_JIF_KEEP, OP_JIT_KEEP, OP_IN_CONST, OP_LIST_LEN, OP_LIST_COUNT, OP_LIST_CONTAINS,
    OP_AGG, OP_GATTR, OP_CALL, OP_CHOW_PAIR, OP_HALT, OP_EVERY_GROUP_HOLDS,
};
enum { AGG_ALL, AGG_ANY, AGG_SUM };
enum { L_CHOW_FIRSTS, L_PUNG_FIRSTS, L_CONCEALED_CHOW_FIRSTS, L_PAIR_FIRSTS, L_SPREADS, L_CHOW_KEY, L_GROUPS,
       L_CONST, NLISTS = L_GROUPS };
/* Group kinds (mjscore.scoring.native_program.GROUP_KINDS): the raw kinds and the kong of a declared meld. */
enum { G_CHOW = 0, G_PUNG = 1, G_PAIR = 2, G_SINGLES = 3, G_KNITTED = 4, G_KONG = 5 };
/* The fixed values handed in (native_program.FIXED), then the summary's (SUMMARY_SLOTS). */
enum {
    F_WIN_INDEX, F_SEAT_WIND, F_ROUND_WIND, F_HAS4, F_COUNTS, F_WIN = F_COUNTS + KINDS, F_NFLOWERS, F_NWAITS,
    F_EXPOSED, F_ALL_KONGS, F_PRESENT, F_NFOURS, F_HAS_HONOURS, F_HAS_TERMINALS, F_NNUMBERED, F_NFAMILIES,
    F_SELF_DRAWN, F_CLAIMED, F_HELD_PAIRS_WAITED, F_PAIR_WAIT_HELD, NFIXED
};
/* What the Python side hands in before the hoisted values: the winds, the win's kind, flowers, waits. */
#define NGIVEN 5
enum {
    V_SHAPE, V_ROLE, V_REGULAR, V_NPAIRS, V_PAIR, V_CPUNGS, V_OPEN_GONGS, V_NKONGS, V_CKONGS, V_OKONGS,
    V_WIND_PUNGS, V_DRAGON_PUNGS, V_NCHOWS, V_NPUNGS, V_NSETS, V_CHOW_BITS, V_PUNG_BITS, V_CHOW_DUPS,
    V_WAIT_PLACE, V_OTHER_WIND_PUNGS, V_KNITTED_STRAIGHT, V_SISTER_RANKS, V_PUNG_SAME_RANK, V_TERMINAL_PUNGS,
    V_END_CHOWS, V_CHOW_RANKS, V_ADJACENT_PUNGS, V_STEP3, V_OUTSIDE, NSUMMARY
};
#define MAX_ALL_GROUPS (MAX_GROUPS + 8)
#define MAX_STACK 64
#define MAX_DEPTH 8
#define MAX_CHOW_PAIR_KINDS 8

typedef struct {
    uint8_t kind, first, n, concealed, declared, added;
    uint8_t idx[MAX_INDICES];
} Group;

typedef struct {
    int64_t items[MAX_ALL_GROUPS];
    int n;
} List;

/* One evaluation: the program, the arrangement's groups and lists, its variables. */
typedef struct {
    const int32_t *code;
    Py_ssize_t ncode;
    const int64_t *consts;
    Py_ssize_t nconsts;
    const int64_t *values;
    Py_ssize_t nvalues;
    PyObject *helpers;      /* tuple */
    PyObject *memo;         /* dict */
    PyObject *chow_kinds;   /* tuple of str */
    const char *native_helpers;  /* for each helper, its native id (H_...) or 0 */
    Py_ssize_t nnative;
    int64_t *v;
    Py_ssize_t nvars;
    Group groups[MAX_ALL_GROUPS];
    int ngroups;
    List lists[NLISTS];
    int chow_pairs_known;
    int64_t chow_pairs[MAX_CHOW_PAIR_KINDS];
    int failed;             /* 1: give the hand to Python (an error set or not) */
} Machine;

/* The arrangement's summary (mjscore.scoring.summary's values), from its groups. */
static void summarize(Machine *m, int shape, int role) {
    int64_t *s = m->v + NFIXED;
    int64_t win_index = m->v[F_WIN_INDEX];
    for (int k = 0; k < NSUMMARY; k++) s[k] = 0;
    for (int k = 0; k < NLISTS; k++) m->lists[k].n = 0;
    s[V_SHAPE] = shape;
    s[V_ROLE] = role;
    s[V_REGULAR] = shape == S_REGULAR;
    int64_t chow_bits = 0, pung_bits = 0;
    int pair = 0;
    int edge = 0, closed = 0, pair_wait = 0, off = 0;
    for (int k = 0; k < m->ngroups; k++) {
        const Group *g = &m->groups[k];
        int first = g->first;
        if (g->kind == G_CHOW) {
            List *l = &m->lists[L_CHOW_FIRSTS];
            l->items[l->n++] = first;
            if (chow_bits >> first & 1) s[V_CHOW_DUPS]++;
            chow_bits |= (int64_t)1 << first;
            if (g->concealed) {
                List *c = &m->lists[L_CONCEALED_CHOW_FIRSTS];
                c->items[c->n++] = first;
            }
        } else if (g->kind == G_PUNG || g->kind == G_KONG) {
            List *l = &m->lists[L_PUNG_FIRSTS];
            l->items[l->n++] = first;
            pung_bits |= (int64_t)1 << first;
            if (first >= 27) {
                if (first < 31) s[V_WIND_PUNGS]++;
                else s[V_DRAGON_PUNGS]++;
            }
            int kong = g->kind == G_KONG;
            if (g->concealed) {
                s[V_CPUNGS]++;
                if (kong) s[V_CKONGS]++;
            } else if (kong && !g->added) {
                s[V_OPEN_GONGS]++;
            }
            if (kong) s[V_NKONGS]++;
        } else if (g->kind == G_PAIR) {
            s[V_NPAIRS]++;
            pair = first;
            List *l = &m->lists[L_PAIR_FIRSTS];
            l->items[l->n++] = first;
        }
        if (!g->declared) {
            if (g->kind == G_CHOW) {
                int64_t at = win_index - first;
                if (at == 1) closed = 1;
                else if ((at == 2 && first % 9 == 0) || (at == 0 && first % 9 == 6)) edge = 1;
            } else if (g->kind == G_PAIR) {
                if (first == win_index) pair_wait = 1;
            } else if (g->kind != G_PUNG && g->kind != G_KONG) {
                for (int t = 0; t < g->n; t++)
                    if (g->idx[t] == win_index) off = 1;
            }
        }
    }
    s[V_PAIR] = s[V_NPAIRS] == 1 ? pair : -1;
    s[V_NCHOWS] = m->lists[L_CHOW_FIRSTS].n;
    s[V_NPUNGS] = m->lists[L_PUNG_FIRSTS].n;
    s[V_NSETS] = s[V_NCHOWS] + s[V_NPUNGS];
    s[V_OKONGS] = s[V_NKONGS] - s[V_CKONGS];
    s[V_CHOW_BITS] = chow_bits;
    s[V_PUNG_BITS] = pung_bits;
    s[V_WAIT_PLACE] = off ? 0 : edge ? 1 : closed ? 2 : pair_wait ? 3 : 0;
    if (s[V_WIND_PUNGS]) {
        const List *l = &m->lists[L_PUNG_FIRSTS];
        for (int k = 0; k < l->n; k++) {
            int64_t p = l->items[k];
            if (p >= 27 && p < 31 && p != m->v[F_SEAT_WIND] && p != m->v[F_ROUND_WIND]) s[V_OTHER_WIND_PUNGS]++;
        }
    }
    if (s[V_NSETS] < m->ngroups - 1) {
        int knitted = 0;
        for (int k = 0; k < m->ngroups; k++) knitted += m->groups[k].kind == G_KNITTED && m->groups[k].n == 3;
        s[V_KNITTED_STRAIGHT] = knitted == 3;
    }
    if (m->v[F_HAS4]) {
        int holding[KINDS] = {0};
        for (int k = 0; k < m->ngroups; k++) {
            const Group *g = &m->groups[k];
            int seen[KINDS] = {0};
            for (int t = 0; t < g->n; t++) {
                if (!seen[g->idx[t]]) { seen[g->idx[t]] = 1; holding[g->idx[t]]++; }
            }
        }
        List *l = &m->lists[L_SPREADS];
        for (int i = 0; i < KINDS && l->n < MAX_ALL_GROUPS; i++)
            if (m->v[F_COUNTS + i] == 4) l->items[l->n++] = holding[i];
    }
    int64_t cb = chow_bits, pb = pung_bits & 134217727;
    s[V_SISTER_RANKS] = (((cb & ((cb >> 9) | (cb >> 18))) | ((cb >> 9) & (cb >> 18))) & 511) != 0;
    s[V_PUNG_SAME_RANK] = (((pb & ((pb >> 9) | (pb >> 18))) | ((pb >> 9) & (pb >> 18))) & 511) != 0;
    s[V_TERMINAL_PUNGS] = (pung_bits & 1) + (pung_bits >> 8 & 1) + (pung_bits >> 9 & 1) + (pung_bits >> 17 & 1)
                          + (pung_bits >> 18 & 1) + (pung_bits >> 26 & 1);
    s[V_END_CHOWS] = (chow_bits & 1) + (chow_bits >> 6 & 1) + (chow_bits >> 9 & 1) + (chow_bits >> 15 & 1)
                     + (chow_bits >> 18 & 1) + (chow_bits >> 24 & 1);
    {
        List *key = &m->lists[L_CHOW_KEY];
        *key = m->lists[L_CHOW_FIRSTS];
        for (int a = 1; a < key->n; a++)  /* insertion sort: at most a few chows */
            for (int b = a; b > 0 && key->items[b - 1] > key->items[b]; b--) {
                int64_t t = key->items[b]; key->items[b] = key->items[b - 1]; key->items[b - 1] = t;
            }
    }
    int64_t cr = (cb | (cb >> 9) | (cb >> 18)) & 511;
    s[V_CHOW_RANKS] = cr;
    int64_t adjacent = 0;
    for (int i = 0; i < 26; i++)
        if (i % 9 != 8) adjacent |= (int64_t)1 << i;
    s[V_ADJACENT_PUNGS] = (pung_bits & (pung_bits >> 1) & adjacent) != 0;
    s[V_STEP3] = (cr & (cr >> 1) & (cr >> 2)) != 0;
    int outside = s[V_PAIR] >= 0 && (s[V_PAIR] >= 27 || s[V_PAIR] % 9 == 0 || s[V_PAIR] % 9 == 8);
    for (int k = 0; outside && k < m->lists[L_CHOW_FIRSTS].n; k++) {
        int64_t c = m->lists[L_CHOW_FIRSTS].items[k];
        outside = c % 9 == 0 || c % 9 == 6;
    }
    for (int k = 0; outside && k < m->lists[L_PUNG_FIRSTS].n; k++) {
        int64_t p = m->lists[L_PUNG_FIRSTS].items[k];
        outside = p >= 27 || p % 9 == 0 || p % 9 == 8;
    }
    s[V_OUTSIDE] = outside;
    m->chow_pairs_known = 0;
}

/* Python's floor division and modulo; 0 where Python would raise (the caller gives up first). */
static int64_t floor_div(int64_t a, int64_t b) {
    int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) q--;
    return q;
}

static int64_t floor_mod(int64_t a, int64_t b) {
    int64_t r = a % b;
    if (r != 0 && ((r < 0) != (b < 0))) r += b;
    return r;
}

/* One binary operation as Python computes it on ints; 0 (and *ok = 0) where the 64-bit result
 * would differ from Python's (overflow, a shift out of range, a division by zero). */
static int64_t binary(int op, int64_t a, int64_t b, int *ok) {
    int64_t r = 0;
    switch (op) {
    case 0: if (__builtin_add_overflow(a, b, &r)) *ok = 0; return r;
    case 1: if (__builtin_sub_overflow(a, b, &r)) *ok = 0; return r;
    case 2: if (__builtin_mul_overflow(a, b, &r)) *ok = 0; return r;
    case 3: if (b == 0 || (a == INT64_MIN && b == -1)) { *ok = 0; return 0; } return floor_div(a, b);
    case 4: if (b == 0 || (a == INT64_MIN && b == -1)) { *ok = 0; return 0; } return floor_mod(a, b);
    case 5:
        if (b < 0 || b > 62 || a < 0 || (a >> (62 - b)) != 0) { *ok = 0; return 0; }
        return a << b;
    case 6:
        if (b < 0) { *ok = 0; return 0; }
        return b > 63 ? (a < 0 ? -1 : 0) : a >> b;
    case 7: return a & b;
    case 8: return a | b;
    case 9: return a ^ b;
    case 10: return a == b;
    case 11: return a != b;
    case 12: return a < b;
    case 13: return a <= b;
    case 14: return a > b;
    case 15: return a >= b;
    default: *ok = 0; return 0;
    }
}

/* A Python object for a list argument of a helper (chow_key as a tuple, as the summary makes it). */
static PyObject *list_object(const List *l, int as_tuple) {
    PyObject *made = as_tuple ? PyTuple_New(l->n) : PyList_New(l->n);
    if (made == NULL) return NULL;
    for (int k = 0; k < l->n; k++) {
        PyObject *value = PyLong_FromLongLong(l->items[k]);
        if (value == NULL) { Py_DECREF(made); return NULL; }
        if (as_tuple) PyTuple_SET_ITEM(made, k, value);
        else PyList_SET_ITEM(made, k, value);
    }
    return made;
}

#define MEMO_MOST (1 << 16)

/* ----- the fast forms' helpers most often asked (mjscore.scoring.fast_forms), natively: each the same
 * count as its Python function (tests/test_native.py holds them to it); any other argument is left to
 * Python (0 returned: not handled). */

enum { H_NONE, H_SHIFTED, H_MIXED_SHIFTED, H_PUNG_RUNS, H_SISTER_PUNGS, H_SISTER_CHOWS, H_TERMINAL_CHOW_SETS,
       H_SAME_RANK_PUNG_PAIRS, NHELPERS };

static int list_fits(const List *l) {
    for (int k = 0; k < l->n; k++)
        if (l->items[k] < 0 || l->items[k] >= KINDS) return 0;
    return 1;
}

static int64_t count_in(const List *l, int64_t x) {
    int64_t n = 0;
    for (int k = 0; k < l->n; k++) n += l->items[k] == x;
    return n;
}

/* 1 where ``count`` chows of one suit start one rank or two ranks apart (fast_forms.shifted). */
static int helper_shifted(const List *l, int64_t count, int64_t *out) {
    if (count < 1 || count > 9 || !list_fits(l)) return 0;
    int64_t starts = 0;
    for (int k = 0; k < l->n; k++) starts |= (int64_t)1 << l->items[k];
    *out = 0;
    for (int step = 1; step <= 2; step++) {
        int64_t run = starts;
        for (int64_t k = 1; k < count; k++) {
            int64_t shift = k * step;
            run &= shift < 63 ? starts >> shift : 0;
        }
        int64_t span = step * (count - 1);
        if (span <= 8) {
            int64_t firsts = 0;
            for (int i = 0; i < 27; i++)
                if (i % 9 + span <= 8) firsts |= (int64_t)1 << i;
            if (run & firsts) { *out = 1; return 1; }
        }
    }
    return 1;
}

/* 1 where three numbered pungs of three consecutive ranks lie in the three suits (mixed_shifted). */
static int helper_mixed_shifted(const List *l, int64_t *out) {
    if (!list_fits(l)) return 0;
    int64_t ranks[3] = {0, 0, 0};
    for (int k = 0; k < l->n; k++)
        if (l->items[k] < 27) ranks[l->items[k] / 9] |= (int64_t)1 << (l->items[k] % 9);
    static const int orders[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    *out = 0;
    for (int o = 0; o < 6; o++)
        if (ranks[orders[o][0]] & (ranks[orders[o][1]] >> 1) & (ranks[orders[o][2]] >> 2)) { *out = 1; break; }
    return 1;
}

/* sequential_pungs (pung_runs): runs of pungs of consecutive ranks in one suit. */
static int helper_pung_runs(const List *l, int64_t count, int64_t independent, int64_t *out) {
    if (!list_fits(l)) return 0;
    if (l->n < count) { *out = 0; return 1; }
    int held[27] = {0};
    for (int k = 0; k < l->n; k++)
        if (l->items[k] < 27) held[l->items[k]] = 1;
    int64_t runs[27];
    int nruns = 0, last = -2;
    for (int first = 0; first < 27; first++) {
        if (!held[first]) continue;
        if (first == last + 1 && first % 9) runs[nruns - 1]++;
        else runs[nruns++] = 1;
        last = first;
    }
    int64_t found = 0;
    for (int k = 0; k < nruns; k++) {
        if (independent) found += runs[k] == count;
        else if (runs[k] >= count) { found = 1; break; }
    }
    *out = found;
    return 1;
}

static void pungs_by_rank(const List *l, int64_t ranks[9]) {
    for (int r = 0; r < 9; r++) ranks[r] = 0;
    for (int k = 0; k < l->n; k++)
        if (l->items[k] < 27) ranks[l->items[k] % 9]++;
}

/* sister_pungs: a rank with pungs in ``count`` suits or more (or how many with exactly ``count``). */
static int helper_sister_pungs(const List *l, int64_t count, int64_t independent, int64_t *out) {
    if (!list_fits(l)) return 0;
    if (l->n < count) { *out = 0; return 1; }
    int64_t ranks[9], found = 0;
    pungs_by_rank(l, ranks);
    for (int r = 0; r < 9; r++) {
        if (!ranks[r]) continue;
        if (independent) found += ranks[r] == count;
        else if (ranks[r] >= count) { found = 1; break; }
    }
    *out = found;
    return 1;
}

/* same_rank_pung_pairs: each two pungs of one rank. */
static int helper_same_rank_pung_pairs(const List *l, int64_t *out) {
    if (!list_fits(l)) return 0;
    int64_t ranks[9], found = 0;
    pungs_by_rank(l, ranks);
    for (int r = 0; r < 9; r++) found += ranks[r] * (ranks[r] - 1) / 2;
    *out = found;
    return 1;
}

/* sister_chows: per rank, the chows of different suits grouped in threes, then pairs. */
static int helper_sister_chows(const List *l, int64_t count, int64_t repeats, int64_t *out) {
    if (!list_fits(l)) return 0;
    for (int k = 0; k < l->n; k++)
        if (l->items[k] >= 27) return 0;
    if (l->n < 2) { *out = 0; return 1; }
    int64_t held[27] = {0};
    int ranks = 0;
    for (int k = 0; k < l->n; k++) {
        int64_t first = l->items[k];
        held[first % 9 * 3 + first / 9]++;
        ranks |= 1 << (first % 9);
    }
    int64_t found = 0;
    for (int rank = 0; rank < 9; rank++) {
        if (!(ranks >> rank & 1)) continue;
        int64_t a = held[rank * 3], b = held[rank * 3 + 1], c = held[rank * 3 + 2];
        int64_t low = a < b ? a : b;
        low = low < c ? low : c;
        if (repeats && low) {
            found += a + b + c == count;
        } else if (count == 3) {
            found += low;
        } else if (count == 2) {
            int64_t high = a > b ? a : b;
            high = high > c ? high : c;
            found += a + b + c - high - 2 * low;
        }
    }
    *out = found;
    return 1;
}

/* terminal_chow_sets: the suits' pairs of a 123 and a 789 chow (in one suit, with ``same_suit``). */
static int helper_terminal_chow_sets(const List *l, int64_t count, int64_t same_suit, int64_t *out) {
    if (!list_fits(l) || count > (int64_t)1 << 40 || count < -((int64_t)1 << 40)) return 0;
    if (l->n < 2 * count) { *out = 0; return 1; }
    int64_t best = 0, total = 0;
    for (int s = 0; s < 27; s += 9) {
        int64_t low = count_in(l, s), high = count_in(l, s + 6);
        int64_t pairs = low < high ? low : high;
        if (s == 0 || pairs > best) best = pairs;
        total += pairs;
    }
    *out = (same_suit ? best : total) >= count;
    return 1;
}

/* The helper ``id`` natively on these arguments (a list, then ints); 0 where it is not taken. */
static int native_helper(Machine *m, int id, const int32_t *specs, int nargs, const int64_t *ints, int64_t *out) {
    if (nargs < 1 || specs[0] < 0 || specs[0] >= L_GROUPS) return 0;
    for (int k = 1; k < nargs; k++)
        if (specs[k] >= 0) return 0;
    const List *l = &m->lists[specs[0]];
    int nints = nargs - 1;
    switch (id) {
    case H_SHIFTED: return nints == 1 && helper_shifted(l, ints[0], out);
    case H_MIXED_SHIFTED: return nints == 0 && helper_mixed_shifted(l, out);
    case H_PUNG_RUNS: return nints == 2 && helper_pung_runs(l, ints[0], ints[1], out);
    case H_SISTER_PUNGS: return nints == 2 && helper_sister_pungs(l, ints[0], ints[1], out);
    case H_SISTER_CHOWS: return nints == 2 && helper_sister_chows(l, ints[0], ints[1], out);
    case H_TERMINAL_CHOW_SETS: return nints == 2 && helper_terminal_chow_sets(l, ints[0], ints[1], out);
    case H_SAME_RANK_PUNG_PAIRS: return nints == 0 && helper_same_rank_pung_pairs(l, out);
    default: return 0;
    }
}

/* A helper's answer for these arguments: kept in the program's memo (bytes of the call -> answer). */
static PyObject *call_helper(Machine *m, int helper, const int32_t *specs, int nargs, const int64_t *ints) {
    int64_t key[1 + 2 * 8 + 8 * MAX_ALL_GROUPS];
    int at = 0, used = 0;
    key[at++] = helper;
    for (int k = 0; k < nargs; k++) {
        if (specs[k] < 0) {
            key[at++] = -1;
            key[at++] = ints[used++];
        } else {
            const List *l = &m->lists[specs[k]];
            key[at++] = specs[k];
            key[at++] = l->n;
            for (int t = 0; t < l->n; t++) key[at++] = l->items[t];
        }
    }
    PyObject *bytes = PyBytes_FromStringAndSize((const char *)key, (Py_ssize_t)(at * (int)sizeof(int64_t)));
    if (bytes == NULL) return NULL;
    PyObject *found = PyDict_GetItemWithError(m->memo, bytes);
    if (found != NULL) { Py_DECREF(bytes); Py_INCREF(found); return found; }
    if (PyErr_Occurred()) { Py_DECREF(bytes); return NULL; }
    if (helper < 0 || helper >= PyTuple_GET_SIZE(m->helpers)) {
        Py_DECREF(bytes);
        PyErr_SetString(PyExc_ValueError, "mjscore._native.evaluate: no such helper");
        return NULL;
    }
    PyObject *args = PyTuple_New(nargs);
    if (args == NULL) { Py_DECREF(bytes); return NULL; }
    used = 0;
    for (int k = 0; k < nargs; k++) {
        PyObject *value = specs[k] < 0 ? PyLong_FromLongLong(ints[used++])
                                       : list_object(&m->lists[specs[k]], specs[k] == L_CHOW_KEY);
        if (value == NULL) { Py_DECREF(args); Py_DECREF(bytes); return NULL; }
        PyTuple_SET_ITEM(args, k, value);
    }
    PyObject *answer = PyObject_Call(PyTuple_GET_ITEM(m->helpers, helper), args, NULL);
    Py_DECREF(args);
    if (answer == NULL) { Py_DECREF(bytes); return NULL; }
    if (PyDict_GET_SIZE(m->memo) >= MEMO_MOST) PyDict_Clear(m->memo);
    if (PyDict_SetItem(m->memo, bytes, answer) < 0) { Py_DECREF(bytes); Py_DECREF(answer); return NULL; }
    Py_DECREF(bytes);
    return answer;
}

/* ----- MCR's one-fan chow pairs (mjscore.scoring.patterns_mcr.chow_pair_fans), natively */

/* The kinds, in CHOW_PAIRS order. */
static const char *CHOW_PAIR_NAMES[4] = {"pure_double_chow", "mixed_double_chow", "short_straight", "two_terminal_chows"};

/* patterns_mcr._pair_fan: the kind two chows (first tile indices) make, or -1. */
static int pair_fan(int a, int b) {
    if (a / 9 != b / 9) return a % 9 == b % 9 ? 1 : -1;
    if (a == b) return 0;
    if (a - b == 3 || b - a == 3) return 2;
    return ((a % 9 == 0 && b % 9 == 6) || (a % 9 == 6 && b % 9 == 0)) ? 3 : -1;
}

/* patterns_mcr._triple_fan: three chows (sorted) making a three-chow fan. */
static int triple_fan(int a, int b, int c) {
    int sa = a / 9, sb = b / 9, sc = c / 9;
    int suits = 1 + (sb != sa) + (sc != sa && sc != sb);
    if (suits == 1)
        return (b - a == c - b && b - a >= 0 && b - a <= 2) || (a % 9 == 0 && b % 9 == 3 && c % 9 == 6);
    if (suits == 3) {
        int r[3] = {a % 9, b % 9, c % 9};
        for (int i = 1; i < 3; i++)
            for (int j = i; j > 0 && r[j - 1] > r[j]; j--) { int t = r[j]; r[j] = r[j - 1]; r[j - 1] = t; }
        return r[0] == r[2] || (r[1] == r[0] + 1 && r[2] == r[0] + 2) || (r[0] == 0 && r[1] == 3 && r[2] == 6);
    }
    return 0;
}

/* patterns_mcr.chow_pair_fans of the chows ``starts`` (sorted, at most 4): the count of each kind. */
static void chow_pair_fans(const int64_t *starts, int n, int64_t out[4]) {
    for (int k = 0; k < 4; k++) out[k] = 0;
    if (n == 4) {  /* a four-chow fan: Quadruple Chow, Four Pure Shifted Chows */
        int64_t step = starts[1] - starts[0];
        if (starts[0] / 9 == starts[3] / 9 && starts[2] - starts[1] == step && starts[3] - starts[2] == step
            && step >= 0 && step <= 2)
            return;
    }
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            for (int k = j + 1; k < n; k++) {
                if (!triple_fan((int)starts[i], (int)starts[j], (int)starts[k])) continue;
                int rest = -1;
                for (int r = 0; r < n; r++)
                    if (r != i && r != j && r != k) { rest = r; break; }
                if (rest >= 0) {
                    int made[4] = {0, 0, 0, 0};
                    int triple[3] = {i, j, k};
                    for (int t = 0; t < 3; t++) {
                        int kind = pair_fan((int)starts[rest], (int)starts[triple[t]]);
                        if (kind >= 0) made[kind] = 1;
                    }
                    for (int kind = 0; kind < 4; kind++)
                        if (made[kind]) { out[kind] = 1; break; }
                }
                return;
            }
    int related[4] = {0, 0, 0, 0};
    int64_t total = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            int kind = pair_fan((int)starts[i], (int)starts[j]);
            if (kind < 0) continue;
            out[kind]++;
            total++;
            related[i] = related[j] = 1;
        }
    int allowed = related[0] + related[1] + related[2] + related[3] - 1;
    for (int keep = 1; keep >= 0; keep--)
        for (int kind = 3; kind >= 0; kind--)
            while (out[kind] > keep && total > allowed) { out[kind]--; total--; }
}

/* The chow pairs (CHOW_PAIR_FANS of chow_key, or none under two chows), each kind the program reads:
 * worked out natively (chow_pair_fans above) for up to four chows, else asked of the helper. */
static int chow_pairs(Machine *m) {
    if (m->chow_pairs_known) return 1;
    Py_ssize_t kinds = PyTuple_GET_SIZE(m->chow_kinds);
    if (kinds > MAX_CHOW_PAIR_KINDS) { m->failed = 1; return 0; }
    for (Py_ssize_t k = 0; k < kinds; k++) m->chow_pairs[k] = 0;
    const List *key = &m->lists[L_CHOW_KEY];
    if (key->n >= 2 && key->n <= 4) {
        int64_t counts[4];
        chow_pair_fans(key->items, key->n, counts);
        for (Py_ssize_t k = 0; k < kinds; k++) {
            PyObject *name = PyTuple_GET_ITEM(m->chow_kinds, k);
            int known = 0;
            for (int kind = 0; kind < 4 && !known; kind++)
                if (PyUnicode_Check(name) && PyUnicode_CompareWithASCIIString(name, CHOW_PAIR_NAMES[kind]) == 0) {
                    m->chow_pairs[k] = counts[kind];
                    known = 1;
                }
            if (!known) { m->failed = 1; return 0; }
        }
    } else if (key->n > 4) {
        int32_t spec = L_CHOW_KEY;
        PyObject *found = call_helper(m, (int)PyTuple_GET_SIZE(m->helpers) - 1, &spec, 1, NULL);
        if (found == NULL) { m->failed = 1; return 0; }
        if (!PyTuple_Check(found) || PyTuple_GET_SIZE(found) != kinds) { Py_DECREF(found); m->failed = 1; return 0; }
        for (Py_ssize_t k = 0; k < kinds; k++) {
            PyObject *count = PyTuple_GET_ITEM(found, k);
            long long value = PyLong_Check(count) ? PyLong_AsLongLong(count) : -1;
            if (value == -1 && (PyErr_Occurred() || !PyLong_Check(count))) { PyErr_Clear(); Py_DECREF(found); m->failed = 1; return 0; }
            m->chow_pairs[k] = value;
        }
        Py_DECREF(found);
    }
    m->chow_pairs_known = 1;
    return 1;
}

static int group_attribute(const Group *g, int attribute, int64_t *out) {
    switch (attribute) {
    case 0: *out = g->first; return 1;
    case 1: *out = g->kind == G_CHOW; return 1;
    case 2: *out = g->kind == G_PUNG || g->kind == G_KONG; return 1;
    case 3: *out = g->kind == G_KONG; return 1;
    case 4: *out = g->kind == G_PAIR; return 1;
    case 5: *out = g->kind == G_CHOW || g->kind == G_PUNG || g->kind == G_KONG; return 1;
    case 6: *out = g->concealed; return 1;
    case 7: *out = g->declared; return 1;
    case 8: *out = g->added; return 1;
    case 9: *out = g->kind; return 1;
    default: return 0;
    }
}

#define NEED(count) do { if (pc + (count) >= end) goto bad; } while (0)
#define SLOT(slot) do { if ((slot) < 0 || (slot) >= m->nvars) goto bad; } while (0)
#define PUSH(value) do { if (sp >= MAX_STACK) goto bad; stack[sp++] = (value); } while (0)
#define POP(into) do { if (sp <= 0) goto bad; (into) = stack[--sp]; } while (0)

/* Run the code from ``pc`` up to its OP_HALT (or ``end``); the value on the stack then, in *result.
 * 0 where the program is malformed or a value leaves what 64 bits hold (m->failed set). */
static int run(Machine *m, Py_ssize_t pc, Py_ssize_t end, int depth, int64_t *result) {
    int64_t stack[MAX_STACK];
    int sp = 0;
    const int32_t *code = m->code;
    if (depth > MAX_DEPTH || end > m->ncode) goto bad;
    while (pc < end) {
        int32_t op = code[pc];
        int64_t a, b;
        switch (op) {
        case OP_CONST:
            NEED(1);
            if (code[pc + 1] < 0 || code[pc + 1] >= m->nconsts) goto bad;
            PUSH(m->consts[code[pc + 1]]);
            pc += 2;
            break;
        case OP_LOAD:
            NEED(1);
            SLOT(code[pc + 1]);
            PUSH(m->v[code[pc + 1]]);
            pc += 2;
            break;
        case OP_STORE:
            NEED(1);
            SLOT(code[pc + 1]);
            POP(a);
            m->v[code[pc + 1]] = a;
            pc += 2;
            break;
        case OP_VALUE:
            NEED(1);
            if (code[pc + 1] < 0 || code[pc + 1] >= m->nvalues) goto bad;
            PUSH(m->values[code[pc + 1]]);
            pc += 2;
            break;
        case OP_BIN: {
            NEED(1);
            POP(b);
            POP(a);
            int ok = 1;
            int64_t r = binary(code[pc + 1], a, b, &ok);
            if (!ok) goto bad;
            PUSH(r);
            pc += 2;
            break;
        }
        case OP_NOT: POP(a); PUSH(!a); pc += 1; break;
        case OP_NEG: POP(a); if (a == INT64_MIN) goto bad; PUSH(-a); pc += 1; break;
        case OP_INVERT: POP(a); PUSH(~a); pc += 1; break;
        case OP_POP: POP(a); pc += 1; break;
        case OP_JUMP:
            NEED(1);
            if (code[pc + 1] <= pc || code[pc + 1] > end) goto bad;  /* forward only: it ends */
            pc = code[pc + 1];
            break;
        case OP_JIF:
            NEED(1);
            if (code[pc + 1] <= pc || code[pc + 1] > end) goto bad;
            POP(a);
            pc = a ? pc + 2 : code[pc + 1];
            break;
        case OP_JIF_KEEP:
        case OP_JIT_KEEP:
            NEED(1);
            if (code[pc + 1] <= pc || code[pc + 1] > end || sp <= 0) goto bad;
            a = stack[sp - 1];
            if ((op == OP_JIF_KEEP) == !a) {
                pc = code[pc + 1];
            } else {
                sp--;
                pc += 2;
            }
            break;
        case OP_IN_CONST: {
            NEED(2);
            int32_t start = code[pc + 1], size = code[pc + 2];
            if (start < 0 || size < 0 || start + (int64_t)size > m->nconsts) goto bad;
            POP(a);
            int found = 0;
            for (int32_t k = 0; k < size && !found; k++) found = m->consts[start + k] == a;
            PUSH(found);
            pc += 3;
            break;
        }
        case OP_LIST_LEN:
        case OP_LIST_COUNT:
        case OP_LIST_CONTAINS: {
            NEED(1);
            int32_t which = code[pc + 1];
            if (which < 0 || which > L_GROUPS) goto bad;
            int n = which == L_GROUPS ? m->ngroups : m->lists[which].n;
            if (op == OP_LIST_LEN) {
                PUSH(n);
            } else {
                if (which == L_GROUPS) goto bad;
                POP(a);
                int64_t count = 0;
                for (int k = 0; k < n; k++) count += m->lists[which].items[k] == a;
                PUSH(op == OP_LIST_COUNT ? count : count > 0);
            }
            pc += 2;
            break;
        }
        case OP_AGG: {
            NEED(6);
            int32_t kind = code[pc + 1], which = code[pc + 2], start = code[pc + 3], size = code[pc + 4];
            int32_t slot = code[pc + 5], body = code[pc + 6];
            SLOT(slot);
            Py_ssize_t from = pc + 7;
            if (body <= 0 || from + body > end) goto bad;
            int n;
            if (which == L_CONST) {
                if (start < 0 || size < 0 || start + (int64_t)size > m->nconsts) goto bad;
                n = size;
            } else if (which == L_GROUPS) {
                n = m->ngroups;
            } else if (which >= 0 && which < L_GROUPS) {
                n = m->lists[which].n;
            } else {
                goto bad;
            }
            int64_t total = kind == AGG_ALL ? 1 : 0;
            for (int k = 0; k < n; k++) {
                m->v[slot] = which == L_CONST ? m->consts[start + k] : which == L_GROUPS ? k : m->lists[which].items[k];
                int64_t value;
                if (!run(m, from, from + body, depth + 1, &value)) return 0;
                if (kind == AGG_ALL) {
                    if (!value) { total = 0; break; }
                } else if (kind == AGG_ANY) {
                    if (value) { total = 1; break; }
                } else if (__builtin_add_overflow(total, value, &total)) {
                    goto bad;
                }
            }
            PUSH(total);
            pc = from + body;
            break;
        }
        case OP_GATTR: {
            NEED(2);
            SLOT(code[pc + 1]);
            int64_t position = m->v[code[pc + 1]];
            if (position < 0 || position >= m->ngroups) goto bad;
            int64_t value;
            if (!group_attribute(&m->groups[position], code[pc + 2], &value)) goto bad;
            PUSH(value);
            pc += 3;
            break;
        }
        case OP_CALL: {
            NEED(2);
            int32_t helper = code[pc + 1], nargs = code[pc + 2];
            if (nargs < 0 || nargs > 8) goto bad;
            NEED(2 + nargs);
            const int32_t *specs = &code[pc + 3];
            int nints = 0;
            for (int k = 0; k < nargs; k++) {
                if (specs[k] >= L_GROUPS) goto bad;
                nints += specs[k] < 0;
            }
            if (nints > sp) goto bad;
            int64_t ints[8];
            for (int k = 0; k < nints; k++) ints[k] = stack[sp - nints + k];
            sp -= nints;
            int64_t natively;
            if (helper >= 0 && helper < m->nnative && m->native_helpers[helper]
                && native_helper(m, m->native_helpers[helper], specs, nargs, ints, &natively)) {
                PUSH(natively);
                pc += 3 + nargs;
                break;
            }
            PyObject *answer = call_helper(m, helper, specs, nargs, ints);
            if (answer == NULL) { m->failed = 1; return 0; }
            long long value = PyLong_Check(answer) ? PyLong_AsLongLong(answer) : -1;
            int is_int = PyLong_Check(answer);
            Py_DECREF(answer);
            if (!is_int || (value == -1 && PyErr_Occurred())) { PyErr_Clear(); goto bad; }
            PUSH(value);
            pc += 3 + nargs;
            break;
        }
        case OP_CHOW_PAIR: {
            NEED(1);
            if (!chow_pairs(m)) return 0;
            int32_t kind = code[pc + 1];
            if (kind < 0 || kind >= PyTuple_GET_SIZE(m->chow_kinds)) goto bad;
            PUSH(m->chow_pairs[kind]);
            pc += 2;
            break;
        }
        case OP_EVERY_GROUP_HOLDS: {
            POP(a);
            int holds = m->ngroups > 0;
            for (int k = 0; holds && k < m->ngroups; k++) {
                int one = 0;
                for (int t = 0; t < m->groups[k].n && !one; t++) one = (a >> m->groups[k].idx[t]) & 1;
                holds = one;
            }
            PUSH(holds);
            pc += 1;
            break;
        }
        case OP_HALT:
            *result = sp > 0 ? stack[sp - 1] : 0;
            return 1;
        default:
            goto bad;
        }
    }
    *result = sp > 0 ? stack[sp - 1] : 0;
    return 1;
bad:
    m->failed = 1;
    return 0;
}

/* ----- what the compiled programs (_native_programs.h) call: the machine's operations as functions */

static inline int64_t checked(Machine *m, int op, int64_t a, int64_t b) {
    int ok = 1;
    int64_t r = binary(op, a, b, &ok);
    if (!ok) m->failed = 1;
    return r;
}
static inline int64_t py_add(Machine *m, int64_t a, int64_t b) { return checked(m, 0, a, b); }
static inline int64_t py_sub(Machine *m, int64_t a, int64_t b) { return checked(m, 1, a, b); }
static inline int64_t py_mul(Machine *m, int64_t a, int64_t b) { return checked(m, 2, a, b); }
static inline int64_t py_floordiv(Machine *m, int64_t a, int64_t b) { return checked(m, 3, a, b); }
static inline int64_t py_mod(Machine *m, int64_t a, int64_t b) { return checked(m, 4, a, b); }
static inline int64_t py_lshift(Machine *m, int64_t a, int64_t b) { return checked(m, 5, a, b); }
static inline int64_t py_rshift(Machine *m, int64_t a, int64_t b) { return checked(m, 6, a, b); }

static inline int64_t list_count(const List *l, int64_t x) {
    int64_t count = 0;
    for (int k = 0; k < l->n; k++) count += l->items[k] == x;
    return count;
}
static inline int64_t list_contains(const List *l, int64_t x) { return list_count(l, x) > 0; }

static inline int64_t group_attr(Machine *m, int64_t position, int attribute) {
    int64_t value = 0;
    if (position < 0 || position >= m->ngroups || !group_attribute(&m->groups[position], attribute, &value))
        m->failed = 1;
    return value;
}

static inline int64_t every_group_holds(Machine *m, int64_t mask) {
    int holds = m->ngroups > 0;
    for (int k = 0; holds && k < m->ngroups; k++) {
        int one = 0;
        for (int t = 0; t < m->groups[k].n && !one; t++) one = (mask >> m->groups[k].idx[t]) & 1;
        holds = one;
    }
    return holds;
}

static int call_int(Machine *m, int helper, const int32_t *specs, int nargs, const int64_t *ints, int64_t *out) {
    for (int k = 0; k < nargs; k++)
        if (specs[k] >= L_GROUPS) { m->failed = 1; return 0; }
    if (helper >= 0 && helper < m->nnative && m->native_helpers[helper]
        && native_helper(m, m->native_helpers[helper], specs, nargs, ints, out))
        return 1;
    PyObject *answer = call_helper(m, helper, specs, nargs, ints);
    if (answer == NULL) { m->failed = 1; return 0; }
    int is_int = PyLong_Check(answer);
    long long value = is_int ? PyLong_AsLongLong(answer) : -1;
    Py_DECREF(answer);
    if (!is_int || (value == -1 && PyErr_Occurred())) { PyErr_Clear(); m->failed = 1; return 0; }
    *out = value;
    return 1;
}

/* A program compiled to C: its digest, its variables, the highest ``values`` index it reads, its hand
 * code and arrangement code (each returns 0 with m->failed set where the hand goes back to Python). */
typedef struct {
    const char *digest;
    Py_ssize_t nvars;
    Py_ssize_t max_value;
    int (*hand)(Machine *);
    int (*arrangement)(Machine *);
} CompiledProgram;

#include "_native_programs.h"

#define NCOMPILED ((Py_ssize_t)(sizeof COMPILED_PROGRAMS / sizeof COMPILED_PROGRAMS[0]))

/* chow_pair_fans(starts): the native chow pairs of sorted chow first tiles (2 to 4), as a tuple of the
 * four kinds' counts in CHOW_PAIRS order: for the test that holds it to patterns_mcr.chow_pair_fans. */
static PyObject *native_chow_pair_fans(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *starts;
    if (!PyArg_ParseTuple(args, "O!:chow_pair_fans", &PyTuple_Type, &starts)) return NULL;
    Py_ssize_t n = PyTuple_GET_SIZE(starts);
    if (n < 2 || n > 4) {
        PyErr_SetString(PyExc_ValueError, "mjscore._native.chow_pair_fans: 2 to 4 chows");
        return NULL;
    }
    int64_t items[4], counts[4];
    for (Py_ssize_t k = 0; k < n; k++) {
        long value = PyLong_AsLong(PyTuple_GET_ITEM(starts, k));
        if (value == -1 && PyErr_Occurred()) return NULL;
        if (value < 0 || value >= 27 || value % 9 > 6 || (k && value < items[k - 1])) {
            PyErr_SetString(PyExc_ValueError, "mjscore._native.chow_pair_fans: sorted chow first tiles");
            return NULL;
        }
        items[k] = value;
    }
    chow_pair_fans(items, (int)n, counts);
    return Py_BuildValue("(LLLL)", (long long)counts[0], (long long)counts[1], (long long)counts[2], (long long)counts[3]);
}

/* helper(id, items, ints): the native helper ``id`` (native_program.NATIVE_HELPERS) on a list and ints, or
 * None where it leaves them to Python: for the test that holds each to its Python function. */
static PyObject *native_helper_call(PyObject *self, PyObject *args) {
    (void)self;
    int id;
    PyObject *items, *given;
    if (!PyArg_ParseTuple(args, "iO!O!:helper", &id, &PyTuple_Type, &items, &PyTuple_Type, &given)) return NULL;
    Py_ssize_t n = PyTuple_GET_SIZE(items), nints = PyTuple_GET_SIZE(given);
    if (n > MAX_ALL_GROUPS || nints > 7) { PyErr_SetString(PyExc_ValueError, "helper: too many arguments"); return NULL; }
    Machine *m = (Machine *)PyMem_Calloc(1, sizeof(Machine));
    if (m == NULL) return PyErr_NoMemory();
    int32_t specs[8];
    int64_t ints[8];
    specs[0] = L_CHOW_FIRSTS;
    for (Py_ssize_t k = 0; k < n; k++) {
        long long value = PyLong_AsLongLong(PyTuple_GET_ITEM(items, k));
        if (value == -1 && PyErr_Occurred()) { PyMem_Free(m); return NULL; }
        m->lists[L_CHOW_FIRSTS].items[k] = value;
    }
    m->lists[L_CHOW_FIRSTS].n = (int)n;
    for (Py_ssize_t k = 0; k < nints; k++) {
        specs[k + 1] = -1;
        long long value = PyLong_AsLongLong(PyTuple_GET_ITEM(given, k));
        if (value == -1 && PyErr_Occurred()) { PyMem_Free(m); return NULL; }
        ints[k] = value;
    }
    int64_t out = 0;
    int taken = id > 0 && id < NHELPERS && native_helper(m, id, specs, (int)nints + 1, ints, &out);
    PyMem_Free(m);
    if (!taken) Py_RETURN_NONE;
    return PyLong_FromLongLong(out);
}

/* compiled(digest): the number of the compiled program of that digest, or -1. */
static PyObject *native_compiled(PyObject *self, PyObject *args) {
    (void)self;
    const char *digest;
    if (!PyArg_ParseTuple(args, "s:compiled", &digest)) return NULL;
    for (Py_ssize_t k = 0; k < NCOMPILED; k++)
        if (COMPILED_PROGRAMS[k].digest != NULL && strcmp(COMPILED_PROGRAMS[k].digest, digest) == 0)
            return PyLong_FromSsize_t(k);
    return PyLong_FromLong(-1);
}

static int group_from_raw(Group *g, const Raw *raw, int concealed) {
    memset(g, 0, sizeof *g);
    g->kind = raw->kind;
    g->n = raw->n;
    memcpy(g->idx, raw->idx, raw->n);
    g->first = raw->n ? raw->idx[0] : 0;
    g->concealed = (uint8_t)concealed;
    return raw->n > 0;
}

/* (first, count): a new tuple, ``first`` a new reference it takes (NULL: the error stands). */
static PyObject *pair_of(PyObject *first, int64_t count) {
    if (first == NULL) return NULL;
    PyObject *number = PyLong_FromLongLong(count);
    if (number == NULL) { Py_DECREF(first); return NULL; }
    PyObject *pair = PyTuple_New(2);
    if (pair == NULL) { Py_DECREF(first); Py_DECREF(number); return NULL; }
    PyTuple_SET_ITEM(pair, 0, first);
    PyTuple_SET_ITEM(pair, 1, number);
    return pair;
}

/* The best arrangement's rows fired, (index, count), and counted, (row, count), in table order, the
 * consolation last where one applies (mjscore.scoring.totals.Totaller.listed): (fired, counted). */
static PyObject *listed_rows(const int64_t *v, Py_ssize_t nvars, const int32_t *listing, PyObject *rows,
                             Py_ssize_t consoled_slot, PyObject *ignores, PyObject *consolations) {
    Py_ssize_t nrows = PyTuple_GET_SIZE(rows);
    PyObject *fired = PyList_New(0), *counted = PyList_New(0);
    if (fired == NULL || counted == NULL) goto failed;
    for (Py_ssize_t row = 0; row < nrows; row++) {
        int32_t count_slot = listing[2 * row], final_slot = listing[2 * row + 1];
        if (count_slot < 0 || count_slot >= nvars || final_slot < 0 || final_slot >= nvars) goto malformed;
        if (!v[count_slot]) continue;
        PyObject *item = pair_of(PyLong_FromSsize_t(row), v[count_slot]);
        if (item == NULL || PyList_Append(fired, item) < 0) { Py_XDECREF(item); goto failed; }
        Py_DECREF(item);
        if (v[final_slot] > 0) {
            item = pair_of(Py_NewRef(PyTuple_GET_ITEM(rows, row)), v[final_slot]);
            if (item == NULL || PyList_Append(counted, item) < 0) { Py_XDECREF(item); goto failed; }
            Py_DECREF(item);
        }
    }
    int64_t consoled = v[consoled_slot];
    if (consoled >= 0) {
        if (consoled >= PyTuple_GET_SIZE(ignores) || !PyBytes_Check(PyTuple_GET_ITEM(ignores, consoled))) goto malformed;
        PyObject *kept = PyTuple_GET_ITEM(ignores, consoled);
        Py_ssize_t nkept = PyBytes_GET_SIZE(kept) / 4;
        const int32_t *kept_rows = (const int32_t *)PyBytes_AS_STRING(kept);
        Py_SETREF(counted, PyList_New(0));
        if (counted == NULL) goto failed;
        for (Py_ssize_t k = 0; k < nkept; k++) {
            int32_t row = kept_rows[k];
            if (row < 0 || row >= nrows) goto malformed;
            int32_t final_slot = listing[2 * row + 1];
            if (v[final_slot] > 0) {
                PyObject *item = pair_of(Py_NewRef(PyTuple_GET_ITEM(rows, row)), v[final_slot]);
                if (item == NULL || PyList_Append(counted, item) < 0) { Py_XDECREF(item); goto failed; }
                Py_DECREF(item);
            }
        }
        PyObject *item = Py_BuildValue("(Oi)", PyTuple_GET_ITEM(consolations, consoled), 1);
        if (item == NULL || PyList_Append(counted, item) < 0) { Py_XDECREF(item); goto failed; }
        Py_DECREF(item);
    }
    return Py_BuildValue("(NN)", fired, counted);
malformed:
    PyErr_SetString(PyExc_ValueError, "mjscore._native.evaluate: a malformed listing");
failed:
    Py_XDECREF(fired);
    Py_XDECREF(counted);
    return NULL;
}

/* A program as evaluate() reads it (native_program.Program.packed()), read once. */
typedef struct {
    PyObject *code_bytes, *hand_code_bytes, *consts_bytes, *helpers, *memo, *chow_kinds, *listing, *ignores;
    PyObject *native_helpers;
    Py_ssize_t nvars, nfixed, total_slot, consoled_slot, compiled;
} ProgramArgs;

static int read_program(PyObject *program, ProgramArgs *p) {
    return PyArg_ParseTuple(program, "O!O!O!O!O!nnO!nO!nO!nO!:evaluate's program", &PyBytes_Type, &p->code_bytes,
                            &PyBytes_Type, &p->hand_code_bytes, &PyBytes_Type, &p->consts_bytes, &PyTuple_Type,
                            &p->helpers, &PyDict_Type, &p->memo, &p->nvars, &p->nfixed, &PyTuple_Type, &p->chow_kinds,
                            &p->total_slot, &PyBytes_Type, &p->listing, &p->consoled_slot, &PyTuple_Type, &p->ignores,
                            &p->compiled, &PyBytes_Type, &p->native_helpers);
}

/* What one hand gives the evaluation: its counts (with the winning tile), the declared melds (4 bytes each:
 * kind, lowest kind, concealed, added) and their Group objects, the plan, the wait set's kinds, the hand's
 * values (the winds, the win, flowers, waits, then the program's hoisted values) and the totaller's. */
typedef struct {
    uint8_t c[KINDS];
    int total, win, claimed;
    int64_t counts[KINDS];
    const unsigned char *meld_bytes;
    Py_ssize_t nmelds;
    PyObject *declared;
    const unsigned char *shapes;
    Py_ssize_t nshapes;
    int waits[KINDS];
    int nwaits;
    PyObject *hand_values;  /* list of int */
    PyObject *values;       /* bytes of int64 */
} HandArgs;

/* Whether the program and the hand's arguments are within what the machine takes (else NotImplemented). */
static int arguments_fit(const ProgramArgs *p, const HandArgs *h, PyObject *rows, PyObject *consolations) {
    Py_ssize_t nvalues = PyBytes_GET_SIZE(h->values) / 8;
    Py_ssize_t nhand = PyList_GET_SIZE(h->hand_values);
    Py_ssize_t nrows = PyTuple_GET_SIZE(rows);
    if (p->nfixed != NFIXED || nhand < NGIVEN || p->nvars < NFIXED + NSUMMARY + (nhand - NGIVEN) || p->nvars > 100000
        || PyBytes_GET_SIZE(p->hand_code_bytes) % 4 || PyBytes_GET_SIZE(p->listing) != 8 * nrows
        || p->consoled_slot < 0 || p->consoled_slot >= p->nvars
        || PyTuple_GET_SIZE(p->ignores) != PyTuple_GET_SIZE(consolations)
        || p->total_slot < 0 || p->total_slot >= p->nvars || h->nmelds != PyTuple_GET_SIZE(h->declared)
        || h->nmelds > 8 || h->win < 0 || h->win >= KINDS || PyBytes_GET_SIZE(p->code_bytes) % 4
        || PyBytes_GET_SIZE(p->consts_bytes) % 8 || nvalues > 100000 || PyBytes_GET_SIZE(h->values) % 8)
        return 0;
    for (Py_ssize_t k = 0; k < h->nmelds; k++) {
        int kind = h->meld_bytes[4 * k], first = h->meld_bytes[4 * k + 1];
        if ((kind != G_CHOW && kind != G_PUNG && kind != G_KONG) || first >= KINDS
            || (kind == G_CHOW && (first >= 27 || first % 9 > 6)))
            return 0;
    }
    return 1;
}

/* Every arrangement of the hand evaluated and totalled by the program; the first of highest total.
 * Returns its Arrangement (a new reference) with the machine's variables of it in ``best_v`` (nvars), Py_None
 * (a new reference) where the hand has no arrangement, Py_NotImplemented where the machine does not take
 * it, or NULL with an exception set. */
static PyObject *evaluate_core(const ProgramArgs *p, HandArgs *h, int64_t *best_v) {
    const CompiledProgram *native = NULL;  /* the program as compiled C, where it is one of them */
    Py_ssize_t nvars = p->nvars, nvalues = PyBytes_GET_SIZE(h->values) / 8, nhand = PyList_GET_SIZE(h->hand_values);
    Py_ssize_t nmelds = h->nmelds;
    int win = h->win, claimed = h->claimed;
    const unsigned char *meld_bytes = h->meld_bytes;
    uint8_t *c = h->c;
    if (p->compiled >= 0 && p->compiled < NCOMPILED && COMPILED_PROGRAMS[p->compiled].digest != NULL
        && COMPILED_PROGRAMS[p->compiled].nvars == nvars && COMPILED_PROGRAMS[p->compiled].max_value < nvalues)
        native = &COMPILED_PROGRAMS[p->compiled];
    Machine *m = (Machine *)PyMem_Malloc(sizeof(Machine));  /* its groups and lists are written before read */
    if (m != NULL) {
        m->ngroups = 0;
        m->chow_pairs_known = 0;
        m->failed = 0;
        for (int k = 0; k < NLISTS; k++) m->lists[k].n = 0;
    }
    int64_t *v = (int64_t *)PyMem_Calloc((size_t)nvars, sizeof(int64_t));
    Groupings found = {NULL, 0, 0, 1, 0};
    PyObject *result = NULL;
    if (m == NULL || v == NULL) { PyErr_NoMemory(); goto done; }
    {   /* the winds, then the hoisted values (after the summary's); the counts and has4 */
        for (Py_ssize_t k = 0; k < nhand; k++) {
            PyObject *item = PyList_GET_ITEM(h->hand_values, k);
            if (!PyLong_Check(item)) goto not_taken;
            long long value = PyLong_AsLongLong(item);
            if (value == -1 && PyErr_Occurred()) { PyErr_Clear(); goto not_taken; }
            if (k < NGIVEN) {
                static const int slots[NGIVEN] = {F_SEAT_WIND, F_ROUND_WIND, F_WIN, F_NFLOWERS, F_NWAITS};
                v[slots[k]] = value;
            } else {
                v[NFIXED + NSUMMARY + k - NGIVEN] = value;
            }
        }
        v[F_WIN_INDEX] = win;
        int64_t present = 0;
        for (int i = 0; i < KINDS; i++) {
            int64_t count = h->counts[i];
            if (count < 0 || count > 8) goto not_taken;
            v[F_COUNTS + i] = count;
            if (count) present |= (int64_t)1 << i;
            if (count == 4) { v[F_HAS4] = 1; v[F_NFOURS]++; }
        }
        v[F_PRESENT] = present;
        v[F_HAS_HONOURS] = (present >> 27) != 0;
        v[F_HAS_TERMINALS] = (present & 0x4060301LL) != 0;  /* 1m 9m 1p 9p 1s 9s */
        v[F_NNUMBERED] = ((present & 511) != 0) + ((present & 261632) != 0) + ((present & 133955584) != 0);
        v[F_NFAMILIES] = v[F_NNUMBERED] + ((present & 2013265920) != 0) + ((present >> 31) != 0);
        v[F_SELF_DRAWN] = v[F_WIN] == 0 || v[F_WIN] == 3;
        v[F_CLAIMED] = v[F_WIN] == 1 || v[F_WIN] == 2;
        {   /* held_pairs_waited, pair_wait_held (summary.py): waits that pung a held pair */
            uint8_t held[KINDS];
            memcpy(held, c, sizeof held);
            held[win]--;
            int waited[2] = {-1, -1};
            for (int k = 0; k < h->nwaits; k++) {
                int index = h->waits[k];
                if (index < 0 || index >= KINDS) goto not_taken;
                if (held[index] >= 2) v[F_HELD_PAIRS_WAITED]++;
                if (k < 2) waited[k] = index;
            }
            int pungs = h->nwaits == 2 && v[F_HELD_PAIRS_WAITED] == 2;
            for (int k = 0; pungs && k < 2; k++) {
                held[waited[k]] -= 2;
                pungs = regular_exists(held);
                held[waited[k]] += 2;
            }
            v[F_PAIR_WAIT_HELD] = pungs;
        }
        v[F_ALL_KONGS] = 1;
        for (Py_ssize_t k = 0; k < nmelds; k++) {
            if (!meld_bytes[4 * k + 2]) v[F_EXPOSED] = 1;
            if (meld_bytes[4 * k] != G_KONG) v[F_ALL_KONGS] = 0;
        }
    }
    m->code = (const int32_t *)PyBytes_AS_STRING(p->code_bytes);
    m->ncode = PyBytes_GET_SIZE(p->code_bytes) / 4;
    m->consts = (const int64_t *)PyBytes_AS_STRING(p->consts_bytes);
    m->nconsts = PyBytes_GET_SIZE(p->consts_bytes) / 8;
    m->values = (const int64_t *)PyBytes_AS_STRING(h->values);
    m->nvalues = nvalues;
    m->helpers = p->helpers;
    m->memo = p->memo;
    m->chow_kinds = p->chow_kinds;
    m->native_helpers = PyBytes_AS_STRING(p->native_helpers);
    m->nnative = PyBytes_GET_SIZE(p->native_helpers);
    for (Py_ssize_t k = 0; k < m->nnative; k++)
        if (m->native_helpers[k] < 0 || m->native_helpers[k] >= NHELPERS) goto not_taken;
    m->v = v;
    m->nvars = nvars;
    {
        Stats st;
        stats_of(c, &st);
        for (Py_ssize_t s = 0; s < h->nshapes; s++) {
            int shape = h->shapes[s];
            if (!may_hold(shape, h->total, (int)nmelds) || !may_divide(shape, &st, (int)nmelds)) continue;
            if (!divide(shape, c, (int)nmelds, &found) || !found.ok) { PyErr_NoMemory(); goto done; }
        }
    }
    if (found.count == 0) { result = Py_NewRef(Py_None); goto done; }
    {   /* the hand's own values, once */
        int64_t ignored;
        m->code = (const int32_t *)PyBytes_AS_STRING(p->hand_code_bytes);
        m->ncode = PyBytes_GET_SIZE(p->hand_code_bytes) / 4;
        m->failed = 0;
        if (native != NULL ? !native->hand(m) || m->failed : !run(m, 0, m->ncode, 0, &ignored) || m->failed) {
            if (PyErr_Occurred()) goto done;
            goto not_taken;
        }
        m->code = (const int32_t *)PyBytes_AS_STRING(p->code_bytes);
        m->ncode = PyBytes_GET_SIZE(p->code_bytes) / 4;
    }
    Py_ssize_t number = -1, best = -1, best_grouping = -1;
    int best_position = -1;
    int64_t best_total = 0;
    for (size_t k = 0; k < found.count; k++) {
        const Grouping *g = &found.items[k];
        if (nmelds + g->ngroups > MAX_ALL_GROUPS) goto not_taken;
        for (int position = 0; position < g->ngroups; position++) {
            const Raw *raw = &g->groups[position];
            int holds = 0;
            for (int t = 0; t < raw->n; t++) holds |= raw->idx[t] == win;
            if (!holds) continue;
            int seen = 0;
            for (int earlier = 0; earlier < position && !seen; earlier++) {
                const Raw *other = &g->groups[earlier];
                int other_holds = 0;
                for (int t = 0; t < other->n; t++) other_holds |= other->idx[t] == win;
                seen = other_holds && same_raw(other, raw);
            }
            if (seen) continue;
            number++;
            m->ngroups = 0;
            for (Py_ssize_t d = 0; d < nmelds; d++) {
                Group *gr = &m->groups[m->ngroups++];
                memset(gr, 0, sizeof *gr);
                int kind = meld_bytes[4 * d], first = meld_bytes[4 * d + 1];
                gr->kind = (uint8_t)kind;
                gr->first = (uint8_t)first;
                gr->n = kind == G_KONG ? 4 : 3;
                for (int t = 0; t < gr->n; t++) gr->idx[t] = (uint8_t)(kind == G_CHOW ? first + t : first);
                gr->concealed = meld_bytes[4 * d + 2] != 0;
                gr->added = meld_bytes[4 * d + 3] != 0;
                gr->declared = 1;
            }
            for (int j = 0; j < g->ngroups; j++)
                group_from_raw(&m->groups[m->ngroups++], &g->groups[j], !(claimed && j == position));
            summarize(m, g->shape, role_number(raw, win));
            int64_t ignored;
            m->failed = 0;
            if (native != NULL ? !native->arrangement(m) || m->failed : !run(m, 0, m->ncode, 0, &ignored) || m->failed) {
                if (PyErr_Occurred()) goto done;
                goto not_taken;
            }
            int64_t arrangement_total = v[p->total_slot];
            if (best < 0 || arrangement_total > best_total) {
                best = number;
                best_total = arrangement_total;
                best_grouping = (Py_ssize_t)k;
                best_position = position;
                memcpy(best_v, v, (size_t)nvars * sizeof(int64_t));
            }
        }
    }
    {
        const Grouping *g = &found.items[best_grouping];
        PyObject *groups = PyTuple_New(nmelds + g->ngroups);
        if (groups == NULL) goto done;
        for (Py_ssize_t d = 0; d < nmelds; d++) {
            PyObject *meld = PyTuple_GET_ITEM(h->declared, d);
            Py_INCREF(meld);
            PyTuple_SET_ITEM(groups, d, meld);
        }
        for (int j = 0; j < g->ngroups; j++) {
            PyObject *group = group_object(&g->groups[j], claimed && j == best_position);
            if (group == NULL) { Py_DECREF(groups); goto done; }
            PyTuple_SET_ITEM(groups, nmelds + j, group);
        }
        result = arrangement_object(PyTuple_GET_ITEM(shape_names, g->shape), groups, nmelds + best_position,
                                    role_of(&g->groups[best_position], win));
        Py_DECREF(groups);
    }
    goto done;
not_taken:
    result = Py_NewRef(Py_NotImplemented);
done:
    free(found.items);
    PyMem_Free(m);
    PyMem_Free(v);
    return result;
}

/* evaluate(program, concealed, win, counts, melds, declared, claimed, plan, hand_values, values, rows,
 *          consolations, waits):
 * every arrangement of the hand under the plan, evaluated and totalled by the program; the first of
 * highest total. Returns (its Arrangement, the rows it fired as (index, count), the rows counted as
 * (row, count)), None where the hand has no arrangement, or NotImplemented where the native core does
 * not take the hand (Python does). ``counts``: the hand's 34 counts (Hand.counts); ``melds``: 4 bytes
 * a declared meld (its kind, lowest kind, concealed, added), ``declared`` their Group objects;
 * ``hand_values``: the seat's and round's winds, then the program's hoisted values. */
static PyObject *native_evaluate(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *program, *concealed, *counts, *melds, *plan, *rows, *consolations, *waits;
    HandArgs h;
    ProgramArgs p;
    if (!PyArg_ParseTuple(args, "O!OiO!O!O!pOO!O!O!O!O!:evaluate", &PyTuple_Type, &program, &concealed, &h.win,
                          &PyTuple_Type, &counts, &PyBytes_Type, &melds, &PyTuple_Type, &h.declared, &h.claimed, &plan,
                          &PyList_Type, &h.hand_values, &PyBytes_Type, &h.values, &PyTuple_Type, &rows, &PyTuple_Type,
                          &consolations, &PyTuple_Type, &waits))
        return NULL;
    if (!ready()) return NULL;
    if (!read_program(program, &p)) return NULL;
    h.meld_bytes = (const unsigned char *)PyBytes_AS_STRING(melds);
    h.nmelds = PyBytes_GET_SIZE(melds) / 4;
    if (PyBytes_GET_SIZE(melds) % 4 || PyTuple_GET_SIZE(counts) != KINDS || !arguments_fit(&p, &h, rows, consolations))
        Py_RETURN_NOTIMPLEMENTED;
    for (int i = 0; i < KINDS; i++) {
        PyObject *item = PyTuple_GET_ITEM(counts, i);
        long count = PyLong_Check(item) ? PyLong_AsLong(item) : -1;
        if (count < 0 || count > 8) { PyErr_Clear(); Py_RETURN_NOTIMPLEMENTED; }
        h.counts[i] = count;
    }
    Py_ssize_t nwaits = PyTuple_GET_SIZE(waits);
    if (nwaits > KINDS) Py_RETURN_NOTIMPLEMENTED;
    h.nwaits = (int)nwaits;
    for (Py_ssize_t k = 0; k < nwaits; k++) {
        int index = tile_index(PyTuple_GET_ITEM(waits, k));
        if (index == -2) return NULL;
        if (index < 0) Py_RETURN_NOTIMPLEMENTED;
        h.waits[k] = index;
    }
    memset(h.c, 0, sizeof h.c);
    h.total = 0;
    int read = count_tiles(concealed, h.c, &h.total);
    if (read < 0) return NULL;
    if (read == 0 || h.c[h.win] >= 4) Py_RETURN_NOTIMPLEMENTED;
    h.c[h.win]++;
    h.total++;
    if (!read_plan(plan, &h.shapes, &h.nshapes)) Py_RETURN_NOTIMPLEMENTED;
    int64_t *best_v = (int64_t *)PyMem_Malloc((size_t)p.nvars * sizeof(int64_t));
    if (best_v == NULL) return PyErr_NoMemory();
    PyObject *made = evaluate_core(&p, &h, best_v);
    if (made == NULL || made == Py_None || made == Py_NotImplemented) { PyMem_Free(best_v); return made; }
    PyObject *listed = listed_rows(best_v, p.nvars, (const int32_t *)PyBytes_AS_STRING(p.listing), rows, p.consoled_slot,
                                   p.ignores, consolations);
    PyMem_Free(best_v);
    if (listed == NULL) { Py_DECREF(made); return NULL; }
    PyObject *result = PyTuple_Pack(3, made, PyTuple_GET_ITEM(listed, 0), PyTuple_GET_ITEM(listed, 1));
    Py_DECREF(made);
    Py_DECREF(listed);
    return result;
}

/* ----- the whole score of an ordinary win (issue 39): the hand read, checked, its waits, its arrangements
 * evaluated, the rows totalled, the payments found and the Score made, in one call ----- */

/* Where a slotted class keeps a field: its member descriptor's offset (-1 where it has none). */
static Py_ssize_t slot_offset(PyTypeObject *type, const char *name) {
    PyObject *descr = PyDict_GetItemString(type->tp_dict, name);
    if (descr == NULL || Py_TYPE(descr) != &PyMemberDescr_Type) return -1;
    PyMemberDef *def = ((PyMemberDescrObject *)descr)->d_member;
    if (def->type != T_OBJECT_EX || (def->flags & READONLY)) return -1;
    return def->offset;
}

#define FIELD(object, offset) (*(PyObject **)((char *)(object) + (offset)))

enum { H_CONCEALED, H_WIN, H_WIN_TILE, H_MELDS, H_FLOWERS, H_SEAT, H_ROUND, H_DISCARDER, H_HEAVENLY, H_EARTHLY,
       H_READY_DECLARED, H_DEALER_STREAK, NHAND_SLOTS };
static const char *HAND_SLOT_NAMES[NHAND_SLOTS] = {"concealed", "win", "win_tile", "melds", "flowers", "seat", "round",
    "discarder", "heavenly", "earthly", "ready_declared", "dealer_streak"};
enum { M_KIND, M_TILES, M_CONCEALED, M_ADDED, NMELD_SLOTS };
static const char *MELD_SLOT_NAMES[NMELD_SLOTS] = {"kind", "tiles", "concealed", "added"};
enum { SC_RULESET, SC_HAND, SC_TOTAL, SC_BASE, SC_ARRANGEMENT, SC_WAITS, SC_PAYMENTS, SC_TABLE_PAYMENTS, SC_MINIMUM,
       SC_UNCAPPED, SC_COUNTED_FOR_MINIMUM, SC_LIMITED, SC_DEALER_TAI, SC_AWARDS, SC_VALUE, NSCORE_SLOTS };
static const char *SCORE_SLOT_NAMES[NSCORE_SLOTS] = {"ruleset", "hand", "total", "base", "arrangement", "waits", "payments",
    "table_payments", "minimum", "uncapped_total", "counted_for_minimum", "limited", "dealer_tai", "_awards", "value"};
enum { AW_AWARDS, AW_CONTEXT, AW_ROWS, AW_FIRED, NAWARDS_SLOTS };
static const char *AWARDS_SLOT_NAMES[NAWARDS_SLOTS] = {"_awards", "_context", "rows", "fired"};
enum { A_ID, A_NAME, A_POINTS, A_GROUP, A_HELP, A_SOURCE, A_COUNT, A_DETAIL, A_SOURCE_OF_DETAIL, A_INDEX, NAWARD_SLOTS };
static const char *AWARD_SLOT_NAMES[NAWARD_SLOTS] = {"id", "name", "points", "group", "help", "source", "count", "_detail",
    "_source", "_index"};
enum { D_RULES, D_ROWS, D_HAND, D_ARRANGEMENT, D_WAIT_SET, D_FACTS, D_WHICH, D_FIRED, D_MADE, NDETAILS_SLOTS };
static const char *DETAILS_SLOT_NAMES[NDETAILS_SLOTS] = {"rules", "rows", "hand", "arrangement", "wait_set", "facts", "which",
    "fired", "made"};

static struct {
    PyTypeObject *hand, *meld, *tile, *score, *awards, *award, *details;
    Py_ssize_t hand_slots[NHAND_SLOTS], meld_slots[NMELD_SLOTS], tile_index, score_slots[NSCORE_SLOTS];
    Py_ssize_t awards_slots[NAWARDS_SLOTS], award_slots[NAWARD_SLOTS], details_slots[NDETAILS_SLOTS];
    PyObject *win_kinds[4];   /* WinKind: SELF_DRAW, DISCARD, ROBBING_GONG, FLOWERS */
    PyObject *meld_kinds[3];  /* MeldKind: CHOW, PUNG, KONG */
    PyObject *seats[4];       /* "E", "S", "W", "N" */
    PyObject *meld_groups;    /* arrangements.MELD_GROUPS */
    PyObject *meld_group;     /* arrangements.meld_group */
    PyObject *empty;          /* () */
    int ready;
} S;

/* What scoring reads of a ruleset, once (prepare()). */
typedef struct {
    ProgramArgs program;
    PyObject *packed, *plan, *values, *rows, *consolations, *per_hand, *minimum, *settle, *rules, *prepared, *which;
    PyObject *check_context, *implied, *base_object, *payments;
    int hand_size, instant_win, has_limit;
    int64_t base, limit, bonus;
    const int64_t *points;  /* rows, then consolations */
    const uint8_t *flags;   /* 1: a payment with the dealer carries it only; 2: the minimum leaves it out */
    PyObject *points_bytes, *flags_bytes, *guards;
    PyObject *row_objects;  /* engine._Row of each row, then of each consolation row */
    PyObject *infos;        /* (id, name, points, group, help, source) of each, the same order */
    PyObject *make_awards;  /* awards() */
} Prep;

static void prep_free(PyObject *capsule) {
    Prep *p = (Prep *)PyCapsule_GetPointer(capsule, "mjscore._native.prepared");
    if (p == NULL) return;
    Py_XDECREF(p->packed); Py_XDECREF(p->plan); Py_XDECREF(p->values); Py_XDECREF(p->rows);
    Py_XDECREF(p->consolations); Py_XDECREF(p->per_hand); Py_XDECREF(p->minimum); Py_XDECREF(p->settle);
    Py_XDECREF(p->rules); Py_XDECREF(p->prepared); Py_XDECREF(p->which); Py_XDECREF(p->check_context);
    Py_XDECREF(p->base_object); Py_XDECREF(p->payments); Py_XDECREF(p->points_bytes); Py_XDECREF(p->flags_bytes);
    Py_XDECREF(p->guards); Py_XDECREF(p->implied); Py_XDECREF(p->row_objects); Py_XDECREF(p->infos);
    Py_XDECREF(p->make_awards);
    PyMem_Free(p);
}

/* setup_score(hand, meld, tile, score, awards, award, details, win_kinds, meld_kinds, seats, meld_groups,
 * meld_group): the classes whose slots the whole score reads and sets (Hand, Meld, Tile, Score, engine._Awards,
 * Award, engine._Details), found by their member descriptors. */
static PyObject *native_setup_score(PyObject *self, PyObject *args) {
    (void)self;
    PyTypeObject *types[7];
    PyObject *wins, *kinds, *seats, *groups, *group;
    if (!PyArg_ParseTuple(args, "O!O!O!O!O!O!O!O!O!O!O!O:setup_score", &PyType_Type, &types[0], &PyType_Type, &types[1],
                          &PyType_Type, &types[2], &PyType_Type, &types[3], &PyType_Type, &types[4], &PyType_Type,
                          &types[5], &PyType_Type, &types[6], &PyTuple_Type, &wins, &PyTuple_Type, &kinds, &PyTuple_Type,
                          &seats, &PyList_Type, &groups, &group))
        return NULL;
    if (PyTuple_GET_SIZE(wins) != 4 || PyTuple_GET_SIZE(kinds) != 3 || PyTuple_GET_SIZE(seats) != 4) {
        PyErr_SetString(PyExc_ValueError, "mjscore._native.setup_score: tables of the wrong size");
        return NULL;
    }
    const char *missing = NULL;
    for (int k = 0; k < NHAND_SLOTS && !missing; k++)
        if ((S.hand_slots[k] = slot_offset(types[0], HAND_SLOT_NAMES[k])) < 0) missing = HAND_SLOT_NAMES[k];
    for (int k = 0; k < NMELD_SLOTS && !missing; k++)
        if ((S.meld_slots[k] = slot_offset(types[1], MELD_SLOT_NAMES[k])) < 0) missing = MELD_SLOT_NAMES[k];
    if (!missing && (S.tile_index = slot_offset(types[2], "index")) < 0) missing = "index";
    for (int k = 0; k < NSCORE_SLOTS && !missing; k++)
        if ((S.score_slots[k] = slot_offset(types[3], SCORE_SLOT_NAMES[k])) < 0) missing = SCORE_SLOT_NAMES[k];
    for (int k = 0; k < NAWARDS_SLOTS && !missing; k++)
        if ((S.awards_slots[k] = slot_offset(types[4], AWARDS_SLOT_NAMES[k])) < 0) missing = AWARDS_SLOT_NAMES[k];
    for (int k = 0; k < NAWARD_SLOTS && !missing; k++)
        if ((S.award_slots[k] = slot_offset(types[5], AWARD_SLOT_NAMES[k])) < 0) missing = AWARD_SLOT_NAMES[k];
    for (int k = 0; k < NDETAILS_SLOTS && !missing; k++)
        if ((S.details_slots[k] = slot_offset(types[6], DETAILS_SLOT_NAMES[k])) < 0) missing = DETAILS_SLOT_NAMES[k];
    if (missing) {
        PyErr_Format(PyExc_ValueError, "mjscore._native.setup_score: no slot %s", missing);
        return NULL;
    }
    Py_XSETREF(S.hand, (PyTypeObject *)Py_NewRef(types[0]));
    Py_XSETREF(S.meld, (PyTypeObject *)Py_NewRef(types[1]));
    Py_XSETREF(S.tile, (PyTypeObject *)Py_NewRef(types[2]));
    Py_XSETREF(S.score, (PyTypeObject *)Py_NewRef(types[3]));
    Py_XSETREF(S.awards, (PyTypeObject *)Py_NewRef(types[4]));
    Py_XSETREF(S.award, (PyTypeObject *)Py_NewRef(types[5]));
    Py_XSETREF(S.details, (PyTypeObject *)Py_NewRef(types[6]));
    for (int k = 0; k < 4; k++) Py_XSETREF(S.win_kinds[k], Py_NewRef(PyTuple_GET_ITEM(wins, k)));
    for (int k = 0; k < 3; k++) Py_XSETREF(S.meld_kinds[k], Py_NewRef(PyTuple_GET_ITEM(kinds, k)));
    for (int k = 0; k < 4; k++) Py_XSETREF(S.seats[k], Py_NewRef(PyTuple_GET_ITEM(seats, k)));
    Py_XSETREF(S.meld_groups, Py_NewRef(groups));
    Py_XSETREF(S.meld_group, Py_NewRef(group));
    if (S.empty == NULL && (S.empty = PyTuple_New(0)) == NULL) return NULL;
    S.ready = 1;
    Py_RETURN_NONE;
}

/* prepare(program, plan, values, rows, consolations, per_hand, hand_size, instant_win, points, flags, base, limit,
 *         minimum, bonus, guards, settle, rules, prepared, which, check_context, implied, row_objects, infos,
 *         make_awards): what score() reads of a ruleset, as a capsule. ``points``/``flags``: int64 and a byte for each row and then each consolation row; ``guards``:
 * for each table payment a hand may imply, the test that must fail for the hand to imply none (1: four
 * flowers or more, 2: a declared kong, 3: a dealer's streak; anything else: always asked); where one holds,
 * ``implied(prepared, hand, arrangement, waits)`` gives the table payments and the facts it made. */
static PyObject *native_prepare(PyObject *self, PyObject *args) {
    (void)self;
    Prep *p = (Prep *)PyMem_Calloc(1, sizeof(Prep));
    if (p == NULL) return PyErr_NoMemory();
    PyObject *instant, *limit, *minimum;
    long long bonus;
    if (!PyArg_ParseTuple(args, "O!O!O!O!O!OiOO!O!O!OOLO!OOOOOOO!O!O:prepare", &PyTuple_Type, &p->packed, &PyBytes_Type, &p->plan,
                          &PyBytes_Type, &p->values, &PyTuple_Type, &p->rows, &PyTuple_Type, &p->consolations,
                          &p->per_hand, &p->hand_size, &instant, &PyBytes_Type, &p->points_bytes, &PyBytes_Type,
                          &p->flags_bytes, &PyLong_Type, &p->base_object, &limit, &minimum, &bonus, &PyBytes_Type,
                          &p->guards, &p->settle, &p->rules, &p->prepared, &p->which, &p->check_context, &p->implied,
                          &PyTuple_Type, &p->row_objects, &PyTuple_Type, &p->infos, &p->make_awards)) {
        PyMem_Free(p);
        return NULL;
    }
    Py_ssize_t nrows = PyTuple_GET_SIZE(p->rows) + PyTuple_GET_SIZE(p->consolations);
    int bad = !read_program(p->packed, &p->program) || PyBytes_GET_SIZE(p->points_bytes) != 8 * nrows
              || PyBytes_GET_SIZE(p->flags_bytes) != nrows || PyTuple_GET_SIZE(p->row_objects) != nrows
              || PyTuple_GET_SIZE(p->infos) != nrows || (minimum != Py_None && !PyDict_Check(minimum))
              || (instant != Py_None && !PyLong_Check(instant)) || (limit != Py_None && !PyLong_Check(limit));
    for (Py_ssize_t k = 0; k < nrows && !bad; k++) {
        PyObject *info = PyTuple_GET_ITEM(p->infos, k);
        bad = !PyTuple_CheckExact(info) || PyTuple_GET_SIZE(info) != 6;
    }
    if (!bad) {
        int overflow = 0;
        p->base = PyLong_AsLongLongAndOverflow(p->base_object, &overflow);
        bad |= overflow != 0;
        p->instant_win = instant == Py_None ? -1 : (int)PyLong_AsLong(instant);
        p->has_limit = limit != Py_None;
        p->limit = p->has_limit ? PyLong_AsLongLongAndOverflow(limit, &overflow) : 0;
        bad |= overflow != 0;
        if (PyErr_Occurred()) { PyMem_Free(p); return NULL; }
    }
    if (bad) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "mjscore._native.prepare: malformed arguments");
        PyMem_Free(p);
        return NULL;
    }
    p->bonus = bonus;
    p->minimum = minimum == Py_None || PyDict_GET_SIZE(minimum) == 0 ? NULL : minimum;
    p->points = (const int64_t *)PyBytes_AS_STRING(p->points_bytes);
    p->flags = (const uint8_t *)PyBytes_AS_STRING(p->flags_bytes);
    PyObject *items[] = {p->packed, p->plan, p->values, p->rows, p->consolations, p->per_hand, p->minimum, p->settle,
                         p->rules, p->prepared, p->which, p->check_context, p->base_object, p->points_bytes,
                         p->flags_bytes, p->guards, p->implied, p->row_objects, p->infos, p->make_awards};
    for (size_t k = 0; k < sizeof items / sizeof items[0]; k++) Py_XINCREF(items[k]);
    p->payments = PyDict_New();
    PyObject *capsule = p->payments == NULL ? NULL : PyCapsule_New(p, "mjscore._native.prepared", prep_free);
    if (capsule == NULL) {
        for (size_t k = 0; k < sizeof items / sizeof items[0]; k++) Py_XDECREF(items[k]);
        Py_XDECREF(p->payments);
        PyMem_Free(p);
    }
    return capsule;
}

/* The index of an interned tile read from its slot: -1 for anything else. */
static inline int slot_tile(PyObject *tile) {
    if (Py_TYPE(tile) != S.tile) return -1;
    PyObject *value = FIELD(tile, S.tile_index);
    if (value == NULL || !PyLong_CheckExact(value)) return -1;
    long index = PyLong_AsLong(value);
    if (index == -1 && PyErr_Occurred()) { PyErr_Clear(); return -1; }
    return index >= 0 && index < KINDS ? (int)index : -1;
}

static inline int seat_number(PyObject *seat) {
    for (int k = 0; k < 4; k++)
        if (seat == S.seats[k]) return k;
    if (!PyUnicode_Check(seat)) return -1;
    for (int k = 0; k < 4; k++)
        if (PyUnicode_Compare(seat, S.seats[k]) == 0) return k;
    PyErr_Clear();
    return -1;
}

static inline int truthy(PyObject *value) {
    return value == Py_True ? 1 : value == Py_False || value == Py_None ? 0 : -1;
}

/* The settlement of a legal win (engine's settle), kept by what it depends on. New reference, NULL on error. */
static PyObject *payments_of(Prep *p, int seat, int discarder, int64_t total, int64_t with_dealer,
                             int has_with_dealer) {
    PyObject *key = NULL;
    if (total >= 0 && total < ((int64_t)1 << 28) && with_dealer >= 0 && with_dealer < ((int64_t)1 << 28)) {
        uint64_t packed = ((((uint64_t)total << 28 | (uint64_t)with_dealer) << 1 | (uint64_t)has_with_dealer) << 3
                           | (uint64_t)seat) << 3 | (uint64_t)(discarder + 1);
        key = PyLong_FromUnsignedLongLong(packed);
        if (key == NULL) return NULL;
        PyObject *found = PyDict_GetItemWithError(p->payments, key);
        if (found != NULL) { Py_DECREF(key); return Py_NewRef(found); }
        if (PyErr_Occurred()) { Py_DECREF(key); return NULL; }
    }
    PyObject *total_object = PyLong_FromLongLong(total);
    PyObject *bonus_object = PyLong_FromLongLong(p->bonus);
    PyObject *dealer_object = has_with_dealer ? PyLong_FromLongLong(with_dealer) : Py_NewRef(Py_None);
    PyObject *made = NULL;
    if (total_object && bonus_object && dealer_object) {
        PyObject *call[5] = {S.seats[seat], discarder < 0 ? Py_None : S.seats[discarder], total_object, bonus_object,
                             dealer_object};
        made = PyObject_Vectorcall(p->settle, call, 5, NULL);
    }
    Py_XDECREF(total_object);
    Py_XDECREF(bonus_object);
    Py_XDECREF(dealer_object);
    if (made != NULL && key != NULL) {
        if (PyDict_GET_SIZE(p->payments) >= 4096) PyDict_Clear(p->payments);
        if (PyDict_SetItem(p->payments, key, made) < 0) Py_CLEAR(made);
    }
    Py_XDECREF(key);
    return made;
}

/* score(prepared, hand): the Score of an ordinary win, made as engine._score makes it, or NotImplemented
 * where anything about the hand is not the plain case (the engine then scores it in Python, the same
 * answer or the same refusal). */
static PyObject *native_score(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *capsule, *hand;
    if (!PyArg_ParseTuple(args, "OO:score", &capsule, &hand)) return NULL;
    Prep *p = (Prep *)PyCapsule_GetPointer(capsule, "mjscore._native.prepared");
    if (p == NULL) return NULL;
    if (!S.ready || !ready() || Py_TYPE(hand) != S.hand) Py_RETURN_NOTIMPLEMENTED;
    PyObject *f[NHAND_SLOTS];
    for (int k = 0; k < NHAND_SLOTS; k++)
        if ((f[k] = FIELD(hand, S.hand_slots[k])) == NULL) Py_RETURN_NOTIMPLEMENTED;
    PyObject *concealed = f[H_CONCEALED], *melds = f[H_MELDS], *flowers = f[H_FLOWERS], *win_kind = f[H_WIN];
    if (!PyTuple_Check(concealed) || !PyTuple_Check(melds) || !PyTuple_Check(flowers)) Py_RETURN_NOTIMPLEMENTED;
    int win_number = -1;
    for (int k = 0; k < 4; k++)
        if (win_kind == S.win_kinds[k]) win_number = k;
    Py_ssize_t nconcealed = PyTuple_GET_SIZE(concealed), nmelds = PyTuple_GET_SIZE(melds);
    /* the checks of a ruleset (contexts.py), the plain case only: a flower win, a wrong count, flowers that
     * end the hand or no winning tile go to Python, which refuses or scores them */
    if (win_number < 0 || win_number == 3 || nconcealed + 3 * nmelds != p->hand_size || nmelds > 8
        || (p->instant_win >= 0 && PyTuple_GET_SIZE(flowers) >= p->instant_win) || f[H_WIN_TILE] == Py_None)
        Py_RETURN_NOTIMPLEMENTED;
    int seat = seat_number(f[H_SEAT]);
    int discarder = f[H_DISCARDER] == Py_None ? -1 : seat_number(f[H_DISCARDER]);
    if (seat < 0 || (f[H_DISCARDER] != Py_None && discarder < 0)) Py_RETURN_NOTIMPLEMENTED;
    int claims = 0;
    for (int k = H_HEAVENLY; k <= H_READY_DECLARED; k++) {
        int set = truthy(f[k]);
        if (set < 0) Py_RETURN_NOTIMPLEMENTED;
        claims |= set;
    }
    /* the table payments the ruleset's hands may imply: none unless a guard holds (else Python finds them) */
    const char *guards = PyBytes_AS_STRING(p->guards);
    int kong_meld = 0;
    HandArgs h;
    h.claimed = win_number == 1 || win_number == 2;
    memset(h.c, 0, sizeof h.c);
    h.total = (int)nconcealed;
    for (Py_ssize_t k = 0; k < nconcealed; k++) {
        int index = slot_tile(PyTuple_GET_ITEM(concealed, k));
        if (index < 0 || h.c[index] >= 4) Py_RETURN_NOTIMPLEMENTED;
        h.c[index]++;
    }
    uint8_t held[KINDS];  /* the concealed tiles and the melds' */
    memcpy(held, h.c, sizeof held);
    unsigned char meld_bytes[4 * 8];
    PyObject *declared = PyTuple_New(nmelds);
    if (declared == NULL) return NULL;
    PyObject *result = NULL, *waits = NULL, *hand_values = NULL, *arrangement = NULL, *listed = NULL;
    PyObject *found_implied = NULL;
    int64_t *best_v = NULL;
    for (Py_ssize_t k = 0; k < nmelds; k++) {
        PyObject *meld = PyTuple_GET_ITEM(melds, k);
        if (Py_TYPE(meld) != S.meld) goto not_taken;
        PyObject *kind = FIELD(meld, S.meld_slots[M_KIND]), *tiles = FIELD(meld, S.meld_slots[M_TILES]);
        PyObject *hidden = FIELD(meld, S.meld_slots[M_CONCEALED]), *added = FIELD(meld, S.meld_slots[M_ADDED]);
        if (kind == NULL || tiles == NULL || hidden == NULL || added == NULL || !PyTuple_Check(tiles)) goto not_taken;
        int code = kind == S.meld_kinds[0] ? 0 : kind == S.meld_kinds[1] ? 1 : kind == S.meld_kinds[2] ? 2 : -1;
        int is_concealed = truthy(hidden), is_added = truthy(added);
        Py_ssize_t ntiles = PyTuple_GET_SIZE(tiles);
        if (code < 0 || is_concealed < 0 || is_added < 0 || ntiles != (code == 2 ? 4 : 3)) goto not_taken;
        int first = KINDS;
        for (Py_ssize_t t = 0; t < ntiles; t++) {
            int index = slot_tile(PyTuple_GET_ITEM(tiles, t));
            if (index < 0 || held[index] >= 8) goto not_taken;
            held[index]++;
            if (index < first) first = index;
        }
        kong_meld |= code == 2;
        meld_bytes[4 * k] = (unsigned char)(code == 0 ? G_CHOW : code == 1 ? G_PUNG : G_KONG);
        meld_bytes[4 * k + 1] = (unsigned char)first;
        meld_bytes[4 * k + 2] = (unsigned char)is_concealed;
        meld_bytes[4 * k + 3] = (unsigned char)is_added;
        Py_ssize_t slot = (3 * (Py_ssize_t)first + code) * 4 + (is_concealed ? 2 : 0) + (is_added ? 1 : 0);
        PyObject *group = slot < PyList_GET_SIZE(S.meld_groups) ? PyList_GET_ITEM(S.meld_groups, slot) : Py_None;
        group = group != Py_None ? Py_NewRef(group) : PyObject_CallOneArg(S.meld_group, meld);
        if (group == NULL) goto done;
        PyTuple_SET_ITEM(declared, k, group);
    }
    int implied = 0;  /* whether a table payment may be implied: then Python looks for it (engine._implied_payments) */
    for (Py_ssize_t k = 0; k < PyBytes_GET_SIZE(p->guards) && !implied; k++) {
        int guard = guards[k];
        if (guard == 1) {  /* four flowers or more */
            implied = PyTuple_GET_SIZE(flowers) >= 4;
        } else if (guard == 2) {  /* a declared kong */
            implied = kong_meld;
        } else if (guard == 3) {  /* a dealer's streak of one or more */
            PyObject *streak = f[H_DEALER_STREAK];
            int overflow = 0;
            implied = !PyLong_CheckExact(streak) || PyLong_AsLongLongAndOverflow(streak, &overflow) >= 1 || overflow;
            PyErr_Clear();
        } else {
            implied = 1;
        }
    }
    if (claims) {  /* what the claim means in the ruleset (contexts.check_context): refused there */
        PyObject *checked = PyObject_CallFunctionObjArgs(p->check_context, hand, p->rules, NULL);
        if (checked == NULL) goto done;
        Py_DECREF(checked);
    }
    h.win = slot_tile(f[H_WIN_TILE]);
    if (h.win < 0 || h.c[h.win] >= 4 || held[h.win] >= 8) goto not_taken;
    for (int i = 0; i < KINDS; i++) h.counts[i] = held[i];
    h.counts[h.win]++;
    h.meld_bytes = meld_bytes;
    h.nmelds = nmelds;
    h.declared = declared;
    h.shapes = (const unsigned char *)PyBytes_AS_STRING(p->plan);
    h.nshapes = PyBytes_GET_SIZE(p->plan);
    h.values = p->values;
    {   /* the wait set, of the tiles held before the win */
        int in_set[KINDS];
        if (!wait_set(h.c, h.total, held, (int)nmelds, h.shapes, h.nshapes, in_set)) { PyErr_NoMemory(); goto done; }
        h.nwaits = 0;
        for (int i = 0; i < KINDS; i++)
            if (in_set[i]) h.waits[h.nwaits++] = i;
        waits = PyTuple_New(h.nwaits);
        if (waits == NULL) goto done;
        for (int k = 0; k < h.nwaits; k++) PyTuple_SET_ITEM(waits, k, Py_NewRef(PyTuple_GET_ITEM(hand_tiles, h.waits[k])));
    }
    h.c[h.win]++;
    h.total++;
    {
        PyObject *call[2] = {hand, waits};
        hand_values = PyObject_Vectorcall(p->per_hand, call, 2, NULL);
        if (hand_values == NULL) {
            if (PyErr_ExceptionMatches(PyExc_TypeError) || PyErr_ExceptionMatches(PyExc_ValueError)
                || PyErr_ExceptionMatches(PyExc_AttributeError)) { PyErr_Clear(); goto not_taken; }
            goto done;
        }
        if (!PyList_Check(hand_values)) goto not_taken;
    }
    h.hand_values = hand_values;
    if (!arguments_fit(&p->program, &h, p->rows, p->consolations)) goto not_taken;
    best_v = (int64_t *)PyMem_Malloc((size_t)p->program.nvars * sizeof(int64_t));
    if (best_v == NULL) { PyErr_NoMemory(); goto done; }
    arrangement = evaluate_core(&p->program, &h, best_v);
    if (arrangement == NULL) goto done;
    if (arrangement == Py_None || arrangement == Py_NotImplemented) goto not_taken;  /* not a win: Python says so */
    const int32_t *listing = (const int32_t *)PyBytes_AS_STRING(p->program.listing);
    listed = listed_rows(best_v, p->program.nvars, listing, p->rows, p->program.consoled_slot, p->program.ignores,
                         p->consolations);
    if (listed == NULL) goto done;
    /* the total (engine._tally), the limit, the minimum and the payments (engine._score) */
    int64_t total = p->base, for_dealer = 0, excluded = 0;
    int ok = 1;
    int32_t codes[MAX_ALL_GROUPS * 8];  /* the row of each award counted, in their order (awards()) */
    Py_ssize_t ncodes = 0;
    {
        Py_ssize_t nrows = PyTuple_GET_SIZE(p->rows);
        int64_t consoled = best_v[p->program.consoled_slot];
        const int32_t *kept = NULL;
        Py_ssize_t nkept = nrows;
        if (consoled >= 0) {
            PyObject *ignore = PyTuple_GET_ITEM(p->program.ignores, consoled);
            kept = (const int32_t *)PyBytes_AS_STRING(ignore);
            nkept = PyBytes_GET_SIZE(ignore) / 4;
        }
        for (Py_ssize_t k = 0; k <= nkept && ok; k++) {
            Py_ssize_t row;
            int64_t count;
            if (k == nkept) {
                if (consoled < 0) break;
                row = nrows + consoled;
                count = 1;
            } else {
                row = kept == NULL ? k : kept[k];
                count = best_v[listing[2 * row + 1]];
                if (count <= 0) continue;
            }
            int64_t value;
            if (ncodes >= (Py_ssize_t)(sizeof codes / sizeof codes[0])) goto not_taken;
            codes[ncodes++] = (int32_t)row;
            ok = !__builtin_mul_overflow(p->points[row], count, &value) && !__builtin_add_overflow(total, value, &total);
            if (p->flags[row] & 1) ok = ok && !__builtin_add_overflow(for_dealer, value, &for_dealer);
            else if (p->flags[row] & 2) ok = ok && !__builtin_add_overflow(excluded, value, &excluded);
        }
    }
    int64_t uncapped;
    if (!ok || __builtin_sub_overflow(total, for_dealer, &uncapped)) goto not_taken;
    int limited = p->has_limit && uncapped > p->limit;
    int64_t capped = limited ? p->limit : uncapped;
    int64_t with_dealer = 0;
    if (for_dealer) {
        if (__builtin_add_overflow(uncapped, for_dealer, &with_dealer)) goto not_taken;
        if (p->has_limit && with_dealer > p->limit) with_dealer = p->limit;
    }
    PyObject *minimum = Py_None;
    int64_t minimum_value = 0;
    if (p->minimum != NULL) {
        PyObject *found = PyDict_GetItemWithError(p->minimum, f[H_ROUND]);
        if (found == NULL && PyErr_Occurred()) goto done;
        if (found != NULL) {
            int overflow = 0;
            if (!PyLong_CheckExact(found)) goto not_taken;
            minimum_value = PyLong_AsLongLongAndOverflow(found, &overflow);
            if (overflow) goto not_taken;
            minimum = found;
        }
    }
    int64_t counted_for_minimum;
    if (__builtin_sub_overflow(capped, excluded, &counted_for_minimum)) goto not_taken;
    int legal = minimum == Py_None || counted_for_minimum >= minimum_value;
    PyObject *payments = legal ? payments_of(p, seat, discarder, capped, with_dealer, for_dealer != 0)
                               : Py_NewRef(S.empty);
    if (payments == NULL) goto done;
    PyObject *table = S.empty, *facts = Py_None;
    if (implied) {
        PyObject *call[4] = {p->prepared, hand, arrangement, waits};
        found_implied = PyObject_Vectorcall(p->implied, call, 4, NULL);
        if (found_implied == NULL) { Py_DECREF(payments); goto done; }
        if (!PyTuple_CheckExact(found_implied) || PyTuple_GET_SIZE(found_implied) != 2
            || !PyTuple_CheckExact(PyTuple_GET_ITEM(found_implied, 0))) {
            PyErr_SetString(PyExc_TypeError, "mjscore._native.score: the implied payments are not (payments, facts)");
            Py_DECREF(payments);
            goto done;
        }
        table = PyTuple_GET_ITEM(found_implied, 0);
        facts = PyTuple_GET_ITEM(found_implied, 1);
    }
    /* the Score, its fields set as its __init__ sets them; its awards made when read (engine._Awards) */
    PyObject *lazy = S.awards->tp_alloc(S.awards, 0);
    PyObject *code_bytes = lazy == NULL ? NULL : PyBytes_FromStringAndSize((const char *)codes, ncodes * 4);
    PyObject *context = code_bytes == NULL ? NULL : PyTuple_Pack(9, p->make_awards, capsule, hand, arrangement, waits, facts,
                                                                 PyTuple_GET_ITEM(listed, 1), PyTuple_GET_ITEM(listed, 0),
                                                                 code_bytes);
    Py_XDECREF(code_bytes);
    PyObject *made = context == NULL ? NULL : S.score->tp_alloc(S.score, 0);
    PyObject *numbers[4] = {PyLong_FromLongLong(capped), PyLong_FromLongLong(uncapped),
                            PyLong_FromLongLong(counted_for_minimum), PyLong_FromLongLong(for_dealer)};
    if (made == NULL || !numbers[0] || !numbers[1] || !numbers[2] || !numbers[3]) {
        Py_XDECREF(lazy); Py_XDECREF(context); Py_XDECREF(made); Py_DECREF(payments);
        for (int k = 0; k < 4; k++) Py_XDECREF(numbers[k]);
        goto done;
    }
    FIELD(lazy, S.awards_slots[AW_AWARDS]) = Py_NewRef(Py_None);
    FIELD(lazy, S.awards_slots[AW_CONTEXT]) = context;
    FIELD(lazy, S.awards_slots[AW_ROWS]) = Py_NewRef(p->rows);
    FIELD(lazy, S.awards_slots[AW_FIRED]) = Py_NewRef(PyTuple_GET_ITEM(listed, 0));
    PyObject *fields[NSCORE_SLOTS] = {Py_NewRef(p->rules), Py_NewRef(hand), numbers[0], Py_NewRef(p->base_object),
                                      Py_NewRef(arrangement), Py_NewRef(waits), payments, Py_NewRef(table),
                                      Py_NewRef(minimum), numbers[1], numbers[2], Py_NewRef(limited ? Py_True : Py_False),
                                      numbers[3], lazy, Py_NewRef(Py_None)};  /* value: no han and fu here */
    for (int k = 0; k < NSCORE_SLOTS; k++) FIELD(made, S.score_slots[k]) = fields[k];
    result = made;
    goto done;
not_taken:
    result = Py_NewRef(Py_NotImplemented);
done:
    Py_DECREF(declared);
    Py_XDECREF(waits);
    Py_XDECREF(hand_values);
    Py_XDECREF(arrangement);
    Py_XDECREF(listed);
    Py_XDECREF(found_implied);
    PyMem_Free(best_v);
    return result;
}

/* awards(prepared, hand, arrangement, waits, facts, counted, fired, codes): the awards of a hand score()
 * scored, made when first read (engine._Awards), as engine._counted_awards makes them: an Award of each row
 * counted (``codes``: its row, int32 each, in the order of ``counted``), its detail worked out when read
 * (engine._Details, made here with them). */
static PyObject *native_awards(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *capsule, *hand, *arrangement, *waits, *facts, *counted, *fired, *codes;
    if (!PyArg_ParseTuple(args, "OOOOOO!OO!:awards", &capsule, &hand, &arrangement, &waits, &facts, &PyList_Type, &counted,
                          &fired, &PyBytes_Type, &codes))
        return NULL;
    Prep *p = (Prep *)PyCapsule_GetPointer(capsule, "mjscore._native.prepared");
    if (p == NULL) return NULL;
    Py_ssize_t n = PyList_GET_SIZE(counted), nrows = PyTuple_GET_SIZE(p->infos);
    if (!S.ready || PyBytes_GET_SIZE(codes) != 4 * n) {
        PyErr_SetString(PyExc_ValueError, "mjscore._native.awards: not a scored hand's");
        return NULL;
    }
    const int32_t *rows = (const int32_t *)PyBytes_AS_STRING(codes);
    for (Py_ssize_t k = 0; k < n; k++) {
        PyObject *item = PyList_GET_ITEM(counted, k);
        if (rows[k] < 0 || rows[k] >= nrows || !PyTuple_CheckExact(item) || PyTuple_GET_SIZE(item) != 2) {
            PyErr_SetString(PyExc_ValueError, "mjscore._native.awards: not a scored hand's");
            return NULL;
        }
    }
    PyObject *row_list = PyList_New(n);
    if (row_list == NULL) return NULL;
    for (Py_ssize_t k = 0; k < n; k++) PyList_SET_ITEM(row_list, k, Py_NewRef(PyTuple_GET_ITEM(p->row_objects, rows[k])));
    PyObject *details = S.details->tp_alloc(S.details, 0);
    if (details == NULL) { Py_DECREF(row_list); return NULL; }
    PyObject *fields[NDETAILS_SLOTS] = {p->rules, row_list, hand, arrangement, waits, facts, p->which, fired, Py_None};
    for (int k = 0; k < NDETAILS_SLOTS; k++) FIELD(details, S.details_slots[k]) = Py_NewRef(fields[k]);
    Py_DECREF(row_list);
    PyObject *result = PyTuple_New(n);
    for (Py_ssize_t k = 0; result != NULL && k < n; k++) {
        PyObject *info = PyTuple_GET_ITEM(p->infos, rows[k]);
        PyObject *award = S.award->tp_alloc(S.award, 0);
        PyObject *index = award == NULL ? NULL : PyLong_FromSsize_t(k);
        if (index == NULL) { Py_XDECREF(award); Py_CLEAR(result); break; }
        for (int a = A_ID; a <= A_SOURCE; a++) FIELD(award, S.award_slots[a]) = Py_NewRef(PyTuple_GET_ITEM(info, a));
        FIELD(award, S.award_slots[A_COUNT]) = Py_NewRef(PyTuple_GET_ITEM(PyList_GET_ITEM(counted, k), 1));
        FIELD(award, S.award_slots[A_DETAIL]) = Py_NewRef(Py_None);
        FIELD(award, S.award_slots[A_SOURCE_OF_DETAIL]) = Py_NewRef(details);
        FIELD(award, S.award_slots[A_INDEX]) = index;
        PyTuple_SET_ITEM(result, k, award);
    }
    Py_DECREF(details);
    return result;
}

/* make(cls, names, values): a new ``cls`` (a class with slots) with each name set to its value as
 * object.__setattr__ would, without calling its __init__: how the engine makes a Score and the awards
 * of a scored hand (their __init__, interpreted, sets a dozen fields one Python call each). */
static PyObject *native_make(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *cls, *names, *values;
    if (!PyArg_ParseTuple(args, "O!O!O!:make", &PyType_Type, &cls, &PyTuple_Type, &names, &PyTuple_Type, &values))
        return NULL;
    Py_ssize_t n = PyTuple_GET_SIZE(names);
    if (n != PyTuple_GET_SIZE(values)) {
        PyErr_SetString(PyExc_ValueError, "mjscore._native.make: as many values as names");
        return NULL;
    }
    PyTypeObject *type = (PyTypeObject *)cls;
    if (type->tp_alloc == NULL || type->tp_new == NULL || (type->tp_flags & Py_TPFLAGS_IS_ABSTRACT)) {
        PyErr_SetString(PyExc_TypeError, "mjscore._native.make: not a class that can be made");
        return NULL;
    }
    PyObject *made = type->tp_alloc(type, 0);
    if (made == NULL) return NULL;
    for (Py_ssize_t k = 0; k < n; k++) {
        PyObject *name = PyTuple_GET_ITEM(names, k);
        if (!PyUnicode_Check(name) || PyObject_GenericSetAttr(made, name, PyTuple_GET_ITEM(values, k)) < 0) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "mjscore._native.make: a name is not a str");
            Py_DECREF(made);
            return NULL;
        }
    }
    return made;
}

/* setup(hand_tiles, shape_names, roles, concealed_sets, claimed_sets, concealed_group, claimed_group,
 *       arrangement_type): what the search returns its answers with, from mjscore.arrangements. */
static PyObject *native_setup(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *tiles, *names, *role_members, *csets, *clsets, *cgroup, *clgroup, *type;
    if (!PyArg_ParseTuple(args, "O!O!O!O!O!OOO!:setup", &PyTuple_Type, &tiles, &PyTuple_Type, &names,
                          &PyTuple_Type, &role_members, &PyList_Type, &csets, &PyList_Type, &clsets,
                          &cgroup, &clgroup, &PyType_Type, &type))
        return NULL;
    if (PyTuple_GET_SIZE(tiles) != KINDS || PyTuple_GET_SIZE(names) != NSHAPES || PyTuple_GET_SIZE(role_members) != 6
        || PyList_GET_SIZE(csets) != 3 * KINDS || PyList_GET_SIZE(clsets) != 3 * KINDS) {
        PyErr_SetString(PyExc_ValueError, "mjscore._native.setup: tables of the wrong size");
        return NULL;
    }
    for (int k = 0; k < NSHAPES; k++) {
        PyObject *name = PyTuple_GET_ITEM(names, k);
        if (!PyUnicode_Check(name) || PyUnicode_CompareWithASCIIString(name, SHAPE_NAMES[k]) != 0) {
            PyErr_Format(PyExc_ValueError, "mjscore._native.setup: shape %d is not %s", k, SHAPE_NAMES[k]);
            return NULL;
        }
    }
    Py_XSETREF(hand_tiles, Py_NewRef(tiles));
    Py_XSETREF(shape_names, Py_NewRef(names));
    Py_XSETREF(roles, Py_NewRef(role_members));
    Py_XSETREF(concealed_sets, Py_NewRef(csets));
    Py_XSETREF(claimed_sets, Py_NewRef(clsets));
    Py_XSETREF(concealed_group, Py_NewRef(cgroup));
    Py_XSETREF(claimed_group, Py_NewRef(clgroup));
    Py_XSETREF(arrangement_type, (PyTypeObject *)Py_NewRef(type));
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"setup", native_setup, METH_VARARGS, "Give the search the objects it answers with (mjscore.arrangements)."},
    {"waits", native_waits, METH_VARARGS, "waits(concealed, melds, plan) -> tuple of Tile, or NotImplemented."},
    {"helper", native_helper_call, METH_VARARGS, "helper(id, items, ints) -> a native helper's count, or None."},
    {"chow_pair_fans", native_chow_pair_fans, METH_VARARGS, "chow_pair_fans(starts) -> the four kinds' counts."},
    {"compiled", native_compiled, METH_VARARGS, "compiled(digest) -> the number of the program compiled to C, or -1."},
    {"setup_score", native_setup_score, METH_VARARGS, "Give score() the classes whose slots it reads and sets."},
    {"prepare", native_prepare, METH_VARARGS, "prepare(...) -> what score() reads of a ruleset, once."},
    {"awards", native_awards, METH_VARARGS, "awards(prepared, ...) -> the awards of a hand score() scored."},
    {"score", native_score, METH_VARARGS, "score(prepared, hand) -> the Score of an ordinary win, or NotImplemented."},
    {"make", native_make, METH_VARARGS, "make(cls, names, values) -> a new cls with its slots set, no __init__."},
    {"evaluate", native_evaluate, METH_VARARGS,
     "evaluate(program, concealed, win, melds, declared, claimed, plan, hand_values, values) -> (number, "
     "Arrangement, variables), None, or NotImplemented."},
    {"arrangements", native_arrangements, METH_VARARGS,
     "arrangements(concealed, win, declared, claimed, plan) -> list of Arrangement, or NotImplemented."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "mjscore._native",
    "mjscore's native core: the wait set and the arrangement search in C (see the C source).", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__native(void) {
    str_index = PyUnicode_InternFromString("index");
    str_tiles = PyUnicode_InternFromString("tiles");
    str_shape = PyUnicode_InternFromString("shape");
    str_groups = PyUnicode_InternFromString("groups");
    str_win_group = PyUnicode_InternFromString("win_group");
    str_win_role = PyUnicode_InternFromString("win_role");
    if (!str_index || !str_tiles || !str_shape || !str_groups || !str_win_group || !str_win_role) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) return NULL;
    PyObject *names = PyTuple_New(NSHAPES);
    if (names == NULL) { Py_DECREF(m); return NULL; }
    for (int k = 0; k < NSHAPES; k++) {
        PyObject *name = PyUnicode_FromString(SHAPE_NAMES[k]);
        if (name == NULL) { Py_DECREF(names); Py_DECREF(m); return NULL; }
        PyTuple_SET_ITEM(names, k, name);
    }
    if (PyModule_AddObject(m, "SHAPES", names) < 0) { Py_DECREF(names); Py_DECREF(m); return NULL; }
    return m;
}
