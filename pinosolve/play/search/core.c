/* The search core as one unit: the parts in the order each needs the ones before it (so
 * that the compiler sees, and inlines, the whole search as it did in one file).
 *
 *   table.c     the table's memory, its growth, recent positions, the clock
 *   moves.c     cards in and out of hands, who beats whom, legal cards, equivalence
 *   keys.c      position keys, relative ranks, what a result relied on (Rel)
 *   bounds.c    quick points and master trumps
 *   ordering.c  move ordering and move generation
 *   probe.c     the table asked and written
 *   search.c    playouts, estimates and the alpha-beta search
 */
#ifndef _POSIX_C_SOURCE  /* (Python.h sets it; a C program of its own must too) */
#define _POSIX_C_SOURCE 200809L
#endif
#include "search.h"
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <limits.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "table.c"
#include "moves.c"
#include "keys.c"
#include "bounds.c"
#include "ordering.c"
#include "probe.c"
#include "defer.c"
#include "search.c"
