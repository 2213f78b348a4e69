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
} Groupings;

static Grouping *push(Groupings *list) {
    if (!list->ok) return NULL;
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

/* Whether the counts make ``shape`` (divide, as a test; -1 on a failed allocation). */
static int divides(int shape, uint8_t *c, int melds) {
    if (shape == S_REGULAR) return regular_exists(c);
    Groupings scratch = {NULL, 0, 0, 1};
    int ok = divide(shape, c, melds, &scratch);
    size_t count = scratch.count;
    free(scratch.items);
    if (!ok || !scratch.ok) return -1;
    return count > 0;
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
    int known[KINDS];
    for (int i = 0; i < KINDS; i++) known[i] = held[i] >= 4;
    int unavailable[KINDS];
    memcpy(unavailable, known, sizeof known);
    for (Py_ssize_t s = 0; s < nshapes; s++) {
        int shape = shapes[s];
        if (!may_hold(shape, total + 1, (int)nmelds)) continue;
        for (int i = 0; i < KINDS; i++) {
            if (known[i] || c[i] >= 4) continue;
            c[i]++;
            int found = divides(shape, c, (int)nmelds);
            c[i]--;
            if (found < 0) return PyErr_NoMemory();
            if (found) known[i] = 1;
        }
    }
    int count = 0;
    for (int i = 0; i < KINDS; i++) count += known[i] && !unavailable[i];
    PyObject *result = PyTuple_New(count);
    if (result == NULL) return NULL;
    int at = 0;
    for (int i = 0; i < KINDS; i++) {
        if (known[i] && !unavailable[i]) {
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

/* WinRole of the winning tile in its raw group (mjscore.arrangements._role). */
static PyObject *role_of(const Raw *raw, int win) {
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
    return PyTuple_GET_ITEM(roles, which);
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
    Groupings found = {NULL, 0, 0, 1};
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
