"""Writes clean/*.py and twins/*.py (run by the adv13 helper; kept so the set can be re-made by hand).

    python3 benchmarks/adversarial13/gen_clean.py

Each entry: name -> (docstring, body, twin_old, twin_new, rule). The twin is the clean program with
twin_old (which must occur exactly once) replaced by twin_new: one line changes, and jax raises there.
"""
import pathlib

HEAD = 'import jax\nimport jax.numpy as jnp\nimport numpy as np\nfrom jax.sharding import PartitionSpec as P\n'
TAIL = '''

def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
'''
P = {}   # programs (HEAD/TAIL)

MAIN = '''

def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
'''


def probe(name, doc, lines, old, new, rule="SF105"):
    """A body: `block` varies on i and j; `rows` varies on i only; `total` is invariant on both."""
    text = ('\n\ndef body(block):\n    rows = jax.lax.psum(block, "j")\n    total = jax.lax.psum(block, ("i", "j"))\n'
            + "".join(f"    {line}\n" for line in lines) + MAIN)
    P[name] = (f'"""{doc}"""', text, old, new, rule)


# -- per-device operations whose state JAX computes from every operand ---------------------------------
probe("zeros_like_keeps_row_state", "jnp.zeros_like(rows) varies where rows does (full_like pvaries to its operand).",
      ['acc = jnp.zeros_like(rows)', 'acc = jax.lax.pcast(acc, "j", to="varying")',
       'return jax.lax.psum(acc + block, ("i", "j"))'],
      'acc = jax.lax.pcast(acc, "j", to="varying")', 'acc = jax.lax.pcast(acc, "i", to="varying")', "SF107")
probe("full_like_keeps_row_state", "jnp.full_like(rows, 0.5) varies on i: only j needs a cast before a sum over both.",
      ['bias = jnp.full_like(rows, 0.5)', 'bias = jax.lax.pcast(bias, "j", to="varying")',
       'return jax.lax.psum(bias, ("i", "j"))'],
      'bias = jnp.full_like(rows, 0.5)', 'bias = jnp.full(rows.shape, 0.5)')
probe("ones_like_block_varies_both", "jnp.ones_like(block) varies on both axes: the mask sums over both.",
      ['mask = jnp.ones_like(block)', 'return jax.lax.psum(mask, ("i", "j"))'],
      'mask = jnp.ones_like(block)', 'mask = jnp.ones_like(rows)')
probe("empty_like_keeps_row_state", "jnp.empty_like(rows) varies on i (then filled).",
      ['buf = jnp.empty_like(rows).at[:].set(1.0)', 'buf = jax.lax.pcast(buf, "j", to="varying")',
       'return jax.lax.psum(buf, ("i", "j"))'],
      'buf = jax.lax.pcast(buf, "j", to="varying")', 'buf = jax.lax.pcast(buf, "i", to="varying")', "SF107")
probe("dynamic_slice_by_axis_index", "A slice of an invariant total at axis_index('j') varies on j.",
      ['piece = jax.lax.dynamic_slice_in_dim(total, jax.lax.axis_index("j"), 1)',
       'piece = jax.lax.pcast(piece, "i", to="varying")', 'return jax.lax.psum(piece, ("i", "j"))'],
      'piece = jax.lax.dynamic_slice_in_dim(total, jax.lax.axis_index("j"), 1)',
      'piece = jax.lax.dynamic_slice_in_dim(total, 0, 1)')
probe("dynamic_slice_tuple_index", "lax.dynamic_slice with a start tuple holding axis_index('j') varies on j.",
      ['piece = jax.lax.dynamic_slice(total, (jax.lax.axis_index("j"), 0), (1, 2))',
       'piece = jax.lax.pcast(piece, "i", to="varying")', 'return jax.lax.psum(piece, ("i", "j"))'],
      'piece = jax.lax.dynamic_slice(total, (jax.lax.axis_index("j"), 0), (1, 2))',
      'piece = jax.lax.dynamic_slice(total, (0, 0), (1, 2))')
probe("index_by_axis_index", "total[axis_index('j')] varies on j.",
      ['row = total[jax.lax.axis_index("j")]', 'row = jax.lax.pcast(row, "i", to="varying")',
       'return jax.lax.psum(row, ("i", "j"))'],
      'row = total[jax.lax.axis_index("j")]', 'row = total[0]')
probe("take_by_axis_index", "jnp.take(total, axis_index('j'), axis=0) varies on j.",
      ['row = jnp.take(total, jax.lax.axis_index("j"), axis=0)', 'row = jax.lax.pcast(row, "i", to="varying")',
       'return jax.lax.psum(row, ("i", "j"))'],
      'row = jnp.take(total, jax.lax.axis_index("j"), axis=0)', 'row = jnp.take(total, 0, axis=0)')
probe("random_fold_in_axis_index", "Noise from a key folded with axis_index('j') varies on j.",
      ['key = jax.random.fold_in(jax.random.key(0), jax.lax.axis_index("j"))',
       'noise = jax.random.normal(key, (2,))', 'noise = jax.lax.pcast(noise, "i", to="varying")',
       'return jax.lax.psum(noise, ("i", "j"))'],
      'key = jax.random.fold_in(jax.random.key(0), jax.lax.axis_index("j"))', 'key = jax.random.key(0)')
probe("random_split_indexed_by_axis", "A key picked by axis_index('j') from split keys varies on j.",
      ['keys = jax.random.split(jax.random.key(0), 4)', 'noise = jax.random.uniform(keys[jax.lax.axis_index("j")], (2,))',
       'noise = jax.lax.pcast(noise, "i", to="varying")', 'return jax.lax.psum(noise, ("i", "j"))'],
      'noise = jax.random.uniform(keys[jax.lax.axis_index("j")], (2,))', 'noise = jax.random.uniform(keys[0], (2,))')
probe("where_on_axis_index", "jnp.where on axis_index('j') == 0 varies on j even with invariant branches.",
      ['first = jnp.where(jax.lax.axis_index("j") == 0, total, 0.0)', 'first = jax.lax.pcast(first, "i", to="varying")',
       'return jax.lax.psum(first, ("i", "j"))'],
      'first = jnp.where(jax.lax.axis_index("j") == 0, total, 0.0)', 'first = jnp.where(total > 0, total, 0.0)')
probe("at_set_axis_index_value", "total.at[0, 0].set(axis_index('j')) varies on j.",
      ['tagged = total.at[0, 0].set(jax.lax.axis_index("j").astype(jnp.float32))',
       'tagged = jax.lax.pcast(tagged, "i", to="varying")', 'return jax.lax.psum(tagged, ("i", "j"))'],
      'tagged = total.at[0, 0].set(jax.lax.axis_index("j").astype(jnp.float32))', 'tagged = total.at[0, 0].set(1.0)')
probe("at_add_axis_index_position", "total.at[axis_index('j')].add(1.0) varies on j.",
      ['bumped = total.at[jax.lax.axis_index("j")].add(1.0)',
       'bumped = jax.lax.pcast(bumped, "i", to="varying")', 'return jax.lax.psum(bumped, ("i", "j"))'],
      'bumped = total.at[jax.lax.axis_index("j")].add(1.0)', 'bumped = total.at[0].add(1.0)')
probe("arange_plus_axis_index", "Global positions jnp.arange(2) + 2 * axis_index('j') vary on j.",
      ['pos = jnp.arange(2) + 2 * jax.lax.axis_index("j")', 'pos = jax.lax.pcast(pos, "i", to="varying")',
       'return jax.lax.psum(pos, ("i", "j"))'],
      'pos = jnp.arange(2) + 2 * jax.lax.axis_index("j")', 'pos = jnp.arange(2) + 2')
probe("one_hot_axis_index", "jax.nn.one_hot(axis_index('j'), 4) varies on j.",
      ['sel = jax.nn.one_hot(jax.lax.axis_index("j"), 4)', 'sel = jax.lax.pcast(sel, "i", to="varying")',
       'return jax.lax.psum(sel, ("i", "j"))'],
      'sel = jax.nn.one_hot(jax.lax.axis_index("j"), 4)', 'sel = jax.nn.one_hot(1, 4)')
probe("stack_rows_and_cols", "jnp.stack of a value varying on i and one varying on j varies on both.",
      ['cols = jax.lax.psum(block, "i")', 'both = jnp.stack([rows, cols])', 'return jax.lax.psum(both, ("i", "j"))'],
      'both = jnp.stack([rows, cols])', 'both = jnp.stack([rows, rows])')
probe("matmul_rows_by_cols", "rows @ cols.T varies on both axes.",
      ['cols = jax.lax.psum(block, "i")', 'gram = rows @ cols.T', 'return jax.lax.psum(gram, ("i", "j"))'],
      'gram = rows @ cols.T', 'gram = rows @ rows.T')
probe("clip_by_other_axis_bounds", "jnp.clip(total, lo, hi) with bounds varying on i varies on i.",
      ['clipped = jnp.clip(total, rows.min(), rows.max())', 'clipped = jax.lax.pcast(clipped, "j", to="varying")',
       'return jax.lax.psum(clipped, ("i", "j"))'],
      'clipped = jnp.clip(total, rows.min(), rows.max())', 'clipped = jnp.clip(total, 0.0, 1.0)')
probe("select_mixed_operands", "lax.select(rows > 0, total, rows) varies on i.",
      ['picked = jax.lax.select(rows > 0, total, rows)', 'picked = jax.lax.pcast(picked, "j", to="varying")',
       'return jax.lax.psum(picked, ("i", "j"))'],
      'picked = jax.lax.select(rows > 0, total, rows)', 'picked = jax.lax.select(total > 0, total, total)')
probe("all_gather_invarying_of_rows", "all_gather(rows, 'i', to='invarying') is invariant on both axes.",
      ['full = jax.lax.all_gather(rows, "i", to="invarying")', 'return jax.lax.psum(full, ("i", "j"))'],
      'full = jax.lax.all_gather(rows, "i", to="invarying")', 'full = jax.lax.all_gather(rows, "i")')
probe("all_gather_invariant_over_j", "all_gather(rows, 'j') of a value invariant on j varies on j (and on i).",
      ['spread = jax.lax.all_gather(rows, "j")', 'return jax.lax.psum(spread, ("i", "j"))'],
      'spread = jax.lax.all_gather(rows, "j")', 'spread = jax.lax.all_gather(rows, "i")')
probe("ppermute_of_invariant", "ppermute(total, 'j', ...) of an invariant value varies on j.",
      ['shifted = jax.lax.ppermute(total, "j", [(k, (k + 1) % 4) for k in range(4)])',
       'shifted = jax.lax.pcast(shifted, "i", to="varying")', 'return jax.lax.psum(shifted, ("i", "j"))'],
      'shifted = jax.lax.pcast(shifted, "i", to="varying")', 'shifted = jax.lax.pcast(shifted, "j", to="varying")', "SF107")
probe("psum_scatter_of_invariant", "psum_scatter(total, 'j') of an invariant value varies on j.",
      ['part = jax.lax.psum_scatter(total, "j", tiled=True)', 'part = jax.lax.pcast(part, "i", to="varying")',
       'return jax.lax.psum(part, ("i", "j"))'],
      'part = jax.lax.pcast(part, "i", to="varying")', 'part = jax.lax.pcast(part, "j", to="varying")', "SF107")
probe("pmax_of_axis_index", "pmax(axis_index('j'), 'i') stays varying on j.",
      ['rank = jax.lax.pmax(jax.lax.axis_index("j"), "i")', 'rank = jax.lax.pcast(rank, "i", to="varying")',
       'return jax.lax.psum(rank, ("i", "j"))'],
      'rank = jax.lax.pmax(jax.lax.axis_index("j"), "i")', 'rank = jax.lax.pmax(jax.lax.axis_index("j"), "j")')
probe("axis_index_of_tuple", "axis_index(('i', 'j')) varies on both axes.",
      ['rank = jax.lax.axis_index(("i", "j"))', 'return jax.lax.psum(rank, ("i", "j"))'],
      'rank = jax.lax.axis_index(("i", "j"))', 'rank = jax.lax.axis_index("i")')
probe("psum_of_python_count", "psum(1, ('i', 'j')) counts devices: a number, invariant.",
      ['count = jax.lax.psum(1, ("i", "j"))', 'mean = total / count', 'mean = jax.lax.pcast(mean, ("i", "j"), to="varying")',
       'return jax.lax.psum(mean, ("i", "j"))'],
      'mean = total / count', 'mean = rows / count', "SF107")
probe("grad_of_invariant_param", "jax.grad w.r.t. an invariant weight is invariant (JAX sums the transposed cast).",
      ['w = total[0]', 'g = jax.grad(lambda w: jnp.sum(w * block))(w)', 'g = jax.lax.pcast(g, ("i", "j"), to="varying")',
       'return jax.lax.psum(g, ("i", "j"))'],
      'g = jax.grad(lambda w: jnp.sum(w * block))(w)', 'g = jnp.sum(w * block, axis=0)', "SF107")
probe("vmap_keeps_invariant", "vmap over an invariant total stays invariant.",
      ['scaled = jax.vmap(lambda r: r * 2.0)(total)', 'scaled = jax.lax.pcast(scaled, ("i", "j"), to="varying")',
       'return jax.lax.psum(scaled, ("i", "j"))'],
      'scaled = jax.vmap(lambda r: r * 2.0)(total)', 'scaled = jax.vmap(lambda r: r * 2.0)(rows)', "SF107")
probe("subtract_self_still_varies", "block - block is zero but still varies on both axes.",
      ['zero = block - block', 'return jax.lax.psum(zero + total, ("i", "j"))'],
      'zero = block - block', 'zero = rows - rows')
probe("cond_branch_states_join", "lax.cond whose branches both vary on i and j.",
      ['out = jax.lax.cond(True, lambda: block * 2, lambda: block + rows)', 'return jax.lax.psum(out, ("i", "j"))'],
      'out = jax.lax.cond(True, lambda: block * 2, lambda: block + rows)',
      'out = jax.lax.cond(True, lambda: rows * 2, lambda: rows + 1)')
probe("fori_loop_carry_varies", "fori_loop adding block into a carry that starts varying on both axes.",
      ['acc = jax.lax.fori_loop(0, 3, lambda k, a: a + block, jnp.zeros_like(block))',
       'return jax.lax.psum(acc, ("i", "j"))'],
      'acc = jax.lax.fori_loop(0, 3, lambda k, a: a + block, jnp.zeros_like(block))',
      'acc = jax.lax.fori_loop(0, 3, lambda k, a: a + rows, jnp.zeros_like(rows))')

# -- reduced values: what keeps and what drops the reduced state ----------------------------------------
def rprobe(name, doc, lines, old, new, rule="SF106"):
    """`g` varies on i and is reduced on j (all_gather to='reduced' over j)."""
    text = ('\n\ndef body(block):\n    g = jax.lax.all_gather(block, "j", to="reduced", tiled=True)\n'
            + "".join(f"    {line}\n" for line in lines) + MAIN)
    P[name] = (f'"""{doc}"""', text, old, new, rule)


rprobe("reversed_slice_drops_reduced", "g[::-1] is no longer reduced on 0.10.2: scaling it is accepted.",
       ['flipped = g[::-1]', 'return jax.lax.psum(jnp.sum(flipped * 2.0), "i")'],
       'flipped = g[::-1]', 'flipped = g.T')
rprobe("flip_drops_reduced", "jnp.flip(g) is no longer reduced: scaling it is accepted.",
       ['flipped = jnp.flip(g, axis=0)', 'return jax.lax.psum(jnp.sum(flipped * 2.0), "i")'],
       'flipped = jnp.flip(g, axis=0)', 'flipped = jnp.transpose(g)')
rprobe("power_drops_reduced", "g ** 2 drops the reduced state: scaling it is accepted.",
       ['energy = g ** 2', 'return jax.lax.psum(jnp.sum(energy * 0.5), "i")'],
       'energy = g ** 2', 'energy = jnp.square(g)')
rprobe("matmul_drops_reduced", "g @ g.T drops the reduced state: scaling it is accepted.",
       ['gram = g @ g.T', 'return jax.lax.psum(jnp.sum(gram / 8.0), "i")'],
       'gram = g @ g.T', 'gram = g * g')
rprobe("max_drops_reduced", "jnp.max(g) drops the reduced state: scaling it is accepted.",
       ['peak = jnp.max(g)', 'return jax.lax.psum(peak * 2.0, "i")'],
       'peak = jnp.max(g)', 'peak = jnp.sum(g)')
rprobe("stop_gradient_partner_keeps", "g * stop_gradient(g): both reduced on j, accepted.",
       ['weighted = g * jax.lax.stop_gradient(g)', 'return jax.lax.psum(jax.lax.pcast(weighted, "j", to="varying"), ("i", "j"))'],
       'weighted = g * jax.lax.stop_gradient(g)', 'weighted = g * jax.lax.stop_gradient(2.0)')
rprobe("reduced_constant_partner", "g * pcast(2.0, 'j', to='reduced'): the constant is made reduced too.",
       ['scale = jax.lax.pcast(jnp.float32(2.0), "j", to="reduced")', 'scaled = g * scale',
        'return jax.lax.psum(jax.lax.pcast(scaled, "j", to="varying"), ("i", "j"))'],
       'scaled = g * scale', 'scaled = g * 2.0')
rprobe("psum_reduced_over_other_axis", "psum(g, 'i') is accepted (g is reduced on j only), then cast back.",
       ['rowsum = jax.lax.psum(g, "i")', 'rowsum = jax.lax.pcast(rowsum, "j", to="varying")',
        'return jax.lax.psum(rowsum, "j")'],
       'rowsum = jax.lax.psum(g, "i")', 'rowsum = jax.lax.psum(g, "j")', "SF103")
rprobe("gather_reduced_other_axis_then", "all_gather(g, 'i', to='reduced'): g varies on i, reduced on j: accepted.",
       ['both = jax.lax.all_gather(g, "i", to="reduced", tiled=True)', 'both = jax.lax.pcast(both, ("i", "j"), to="varying")',
        'return jax.lax.psum(both, ("i", "j"))'],
       'both = jax.lax.all_gather(g, "i", to="reduced", tiled=True)', 'both = jax.lax.all_gather(g, ("i", "j"), to="reduced", tiled=True)', "SF102")
rprobe("method_sum_keeps_reduced", "g.sum() * g.sum(): both reduced on j, accepted.",
       ['s = g.sum()', 'sq = s * s', 'return jax.lax.psum(jax.lax.pcast(sq, "j", to="varying"), ("i", "j"))'],
       'sq = s * s', 'sq = s * 2.0')

# -- jax.jit traces once: a later call with the same input types reuses the first trace -----------------
P["jit_cache_global_dict_changed"] = ('"""A jitted step traced with SYNC["axes"] == ("i",); changing SYNC afterwards does not retrace it."""', '''

SYNC = {"axes": ("i",)}


@jax.jit
def step(x):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, SYNC["axes"])

    return jax.shard_map(body, mesh=MESH, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    global MESH
    MESH = mesh
    first = step(x)
    SYNC["axes"] = ("i", "j")
    return first + step(x)
''', '    first = step(x)', '    first = 0', "SF105")

P["jit_cache_warmup_loop"] = ('"""A training loop widens the sync axes after a warm-up step; the jitted step keeps its first trace."""', '''

SYNC_AXES = ("i",)


def make_step(mesh):
    @jax.jit
    def step(x):
        def body(block):
            counts = jax.lax.psum(block, "j")
            return jax.lax.psum(counts, SYNC_AXES)

        return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)

    return step


def main(mesh, x):
    global SYNC_AXES
    step = make_step(mesh)
    total = 0.0
    for epoch in range(3):
        total = total + step(x)
        SYNC_AXES = ("i", "j")
    return total
''', 'SYNC_AXES = ("i",)', 'SYNC_AXES = ("i", "j")', "SF105")

P["jit_cache_method_field_changed"] = ('"""self.step = jax.jit(self._step) traced once; self.axes changed after the first call is not seen."""', '''

class Trainer:
    def __init__(self, mesh):
        self.mesh = mesh
        self.axes = ("i",)
        self.step = jax.jit(self._step)

    def _step(self, x):
        def body(block):
            counts = jax.lax.psum(block, "j")
            return jax.lax.psum(counts, self.axes)

        return jax.shard_map(body, mesh=self.mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    trainer = Trainer(mesh)
    out = trainer.step(x)
    trainer.axes = ("i", "j")
    return out + trainer.step(x)
''', '    out = trainer.step(x)', '    out = 0', "SF105")

P["jit_cache_lambda_body"] = ('"""A jitted function whose shard_map body is a lambda reading a global list; the list grows after the first call."""', '''

AXES = ["i"]


@jax.jit
def reduce_counts(x):
    body = lambda block: jax.lax.psum(jax.lax.psum(block, "j"), tuple(AXES))
    return jax.shard_map(body, mesh=MESH, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    global MESH
    MESH = mesh
    first = reduce_counts(x)
    AXES.append("j")
    return first + reduce_counts(x)
''', '    first = reduce_counts(x)', '    first = 0', "SF105")

P["jit_cache_static_object_by_identity"] = ('"""A static config object hashed by identity: mutating it does not retrace the jitted step."""', '''
import functools


class Config:
    def __init__(self):
        self.axes = ("i",)


@functools.partial(jax.jit, static_argnums=1)
def step(x, cfg):
    def body(block):
        return jax.lax.psum(jax.lax.psum(block, "j"), cfg.axes)

    return jax.shard_map(body, mesh=MESH, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    global MESH
    MESH = mesh
    cfg = Config()
    out = step(x, cfg)
    cfg.axes = ("i", "j")
    return out + step(x, cfg)
''', '    out = step(x, cfg)', '    out = 0', "SF105")

P["jit_cache_pcast_flag_changed"] = ('"""A jitted step traced with CAST_ROWS False; setting it afterwards (a cast of varying) is never traced."""', '''

CAST_ROWS = False


@jax.jit
def step(x):
    def body(block):
        if CAST_ROWS:
            block = jax.lax.pcast(block, "j", to="varying")
        return jax.lax.psum(block, ("i", "j"))

    return jax.shard_map(body, mesh=MESH, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    global MESH, CAST_ROWS
    MESH = mesh
    out = step(x)
    CAST_ROWS = True
    return out + step(x)
''', '    out = step(x)', '    out = 0', "SF107")

P["jit_cache_gather_mode_changed"] = ('"""A jitted step traced with MODE "varying"; MODE "reduced" (of an invariant value) set later is never traced."""', '''

MODE = {"to": "varying"}


@jax.jit
def step(x):
    def body(block):
        total = jax.lax.psum(block, "i")
        return jax.lax.all_gather(total, "i", to=MODE["to"], tiled=True)

    return jax.shard_map(body, mesh=MESH, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)


def main(mesh, x):
    global MESH
    MESH = mesh
    out = step(x)
    MODE["to"] = "reduced"
    return step(x) + out
''', '    out = step(x)', '    out = 0', "SF101")

# -- Python objects whose value at trace time differs from a re-computation -------------------------------
P["cached_property_read_early"] = ('"""functools.cached_property computed before the flag is set keeps its first value."""', '''
import functools


class Parallel:
    def __init__(self):
        self.wide = False

    @functools.cached_property
    def sync_axes(self):
        return ("i", "j") if self.wide else ("i",)


PAR = Parallel()
print("syncing over", PAR.sync_axes)
PAR.wide = True


def main(mesh, x):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, PAR.sync_axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', 'print("syncing over", PAR.sync_axes)', 'print("syncing over", PAR.wide)', "SF105")

P["lru_cache_axes_helper"] = ('"""An lru_cached helper returns the axes it computed on its first call, before the flag changed."""', '''
import functools

FLAGS = {"wide": False}


@functools.lru_cache(maxsize=None)
def sync_axes():
    return ("i", "j") if FLAGS["wide"] else ("i",)


print("syncing over", sync_axes())
FLAGS["wide"] = True


def main(mesh, x):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, sync_axes())

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', 'print("syncing over", sync_axes())', 'print("syncing over", FLAGS)', "SF105")

P["contextmanager_restores_axes"] = ('"""An override context manager restores the axes on exit; the body is traced after it."""', '''
import contextlib

SYNC = {"axes": ("i",)}


@contextlib.contextmanager
def override(**changes):
    saved = dict(SYNC)
    SYNC.update(changes)
    try:
        yield SYNC
    finally:
        SYNC.clear()
        SYNC.update(saved)


def main(mesh, x):
    with override(axes=("i", "j")) as cfg:
        print("would sync over", cfg["axes"])

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, SYNC["axes"])

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', '        SYNC.update(saved)', '        SYNC.update(axes=("i", "j"))', "SF105")

P["getattr_fallback_after_instance"] = ('"""__getattr__ supplies defaults only for names the instance lacks; its own axes win."""', '''

DEFAULTS = {"sync_axes": ("i", "j")}


class Options:
    def __init__(self, **given):
        self.__dict__.update(given)

    def __getattr__(self, name):
        return DEFAULTS[name]


OPTS = Options(sync_axes=("i",))


def main(mesh, x):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, OPTS.sync_axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', 'OPTS = Options(sync_axes=("i",))', 'OPTS = Options(other_axes=("i",))', "SF105")

P["super_init_overwrites_axes"] = ('"""The subclass sets axes, then super().__init__() overwrites them with the base class values."""', '''

class Base:
    def __init__(self):
        self.axes = ("i",)


class Wide(Base):
    def __init__(self):
        self.axes = ("i", "j")
        super().__init__()


def main(mesh, x):
    cfg = Wide()

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, cfg.axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', '        super().__init__()', '        super().__init__ if False else None', "SF105")

P["generator_second_item"] = ('"""A schedule generator: the body is traced after the warm-up item was taken."""', '''

def schedule():
    yield ("i", "j")
    while True:
        yield ("i",)


def main(mesh, x):
    axes = schedule()
    warmup = next(axes)
    print("warm-up would sync over", warmup)
    current = next(axes)

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, current)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', '    current = next(axes)', '    current = warmup', "SF105")

P["init_subclass_registers_axes"] = ('"""__init_subclass__ narrows the axes of a subclass when it is defined."""', '''

class Layer:
    axes = ("i", "j")

    def __init_subclass__(cls, rows_only=False, **kw):
        super().__init_subclass__(**kw)
        if rows_only:
            cls.axes = ("i",)


class RowNorm(Layer, rows_only=True):
    pass


def main(mesh, x):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, RowNorm.axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', 'class RowNorm(Layer, rows_only=True):', 'class RowNorm(Layer, rows_only=False):', "SF105")

P["dict_setdefault_keeps_first"] = ('"""setdefault keeps the value stored first; the later default is ignored."""', '''

SYNC = {}
SYNC.setdefault("axes", ("i",))
SYNC.setdefault("axes", ("i", "j"))


def main(mesh, x):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, SYNC["axes"])

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', 'SYNC.setdefault("axes", ("i",))', 'SYNC.setdefault("other", ("i",))', "SF105")

P["try_except_keyerror_fallback"] = ('"""A missing config key falls back to row axes in the except branch."""', '''

CONFIG = {"name": "norm"}

try:
    SYNC_AXES = CONFIG["sync_axes"]
except KeyError:
    SYNC_AXES = ("i",)


def main(mesh, x):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, SYNC_AXES)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', '    SYNC_AXES = ("i",)', '    SYNC_AXES = ("i", "j")', "SF105")

P["for_else_not_run_after_break"] = ('"""for/else: the else (wide axes) runs only when no candidate matched; one did."""', '''

CANDIDATES = [("rows", ("i",)), ("both", ("i", "j"))]


def pick(name):
    for key, axes in CANDIDATES:
        if key == name:
            break
    else:
        axes = ("i", "j")
    return axes


def main(mesh, x):
    axes = pick("rows")

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', '    axes = pick("rows")', '    axes = pick("cols")', "SF105")

P["while_loop_python_narrowing"] = ('"""A Python while loop drops axes until only the row axis is left."""', '''

def narrowed(axes):
    axes = list(axes)
    while len(axes) > 1:
        axes.pop()
    return tuple(axes)


def main(mesh, x):
    axes = narrowed(("i", "j"))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', '    while len(axes) > 1:', '    while len(axes) > 2:', "SF105")

P["nonlocal_counter_second_build"] = ('"""A builder closure counts its calls; the second build (the one run) syncs over rows only."""', '''

def make_builder():
    calls = 0

    def build(mesh):
        nonlocal calls
        calls += 1
        axes = ("i", "j") if calls == 1 else ("i",)

        def body(block):
            counts = jax.lax.psum(block, "j")
            return jax.lax.psum(counts, axes)

        return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())

    return build


def main(mesh, x):
    build = make_builder()
    build(mesh)
    return build(mesh)(x)
''', '    build(mesh)\n', '    pass\n', "SF105")


# -- more index forms on a reduced value ----------------------------------------------------------------
for _name, _expr, _doc in [
        ("column_reverse_of_reduced", "g[:, ::-1]", "g[:, ::-1] (a reversed column slice)"),
        ("fancy_index_of_reduced", "g[jnp.array([1, 0])]", "g[jnp.array([1, 0])] (a gather by a constant index array)")]:
    rprobe(_name, f"{_doc}, then scaled by a constant: accepted on 0.10.2 where the index drops the reduced state.",
           [f"part = {_expr}", 'return jax.lax.psum(jnp.sum(part * 2.0), "i")'],
           f"part = {_expr}", "part = g.T")

# -- short-circuiting consumers: only the first candidate is ever traced ---------------------------------
SHORT = """

CANDIDATES = [("i",), ("i", "j")]


def reduce_with(mesh, x, axes):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
%s
"""
for _name, _main, _doc in [
        ("next_of_generator_first_only", "    results = (reduce_with(mesh, x, axes) for axes in CANDIDATES)\n    return next(results)",
         "next() of a generator runs only the first candidate"),
        ("any_short_circuits", "    return any(reduce_with(mesh, x, axes).sum() > 0 for axes in CANDIDATES)",
         "any() stops at the first true result"),
        ("all_short_circuits", "    return all(reduce_with(mesh, x, axes).sum() < 0 for axes in CANDIDATES)",
         "all() stops at the first false result"),
        ("zip_stops_at_shortest", "    return dict(zip([\"rows\"], map(lambda a: reduce_with(mesh, x, a), CANDIDATES)))",
         "zip stops when its first iterable ends, before pulling a second item from map"),
        ("islice_takes_one", "    import itertools\n    return list(itertools.islice((reduce_with(mesh, x, a) for a in CANDIDATES), 1))",
         "itertools.islice(..., 1) takes one item"),
        ("loop_breaks_after_first", "    for axes in CANDIDATES:\n        out = reduce_with(mesh, x, axes)\n        if out.sum() > 0:\n            break\n    return out",
         "the loop breaks after the first candidate (its result is positive)"),
        ("or_short_circuits", "    rows = reduce_with(mesh, x, CANDIDATES[0])\n    return rows.sum() > 0 or reduce_with(mesh, x, CANDIDATES[1])",
         "`or` does not evaluate its right side when the left is true"),
        ("filter_next_first_match", "    return next(filter(lambda r: r.sum() > 0, map(lambda a: reduce_with(mesh, x, a), CANDIDATES)))",
         "next(filter(...)) over a lazy map stops at the first match")]:
    P[_name] = (f'"""{_doc}: the second candidate (a sum over both axes) is never traced."""', SHORT % _main,
                'CANDIDATES = [("i",), ("i", "j")]', 'CANDIDATES = [("i", "j"), ("i",)]', "SF105")

# -- jit caches for the reduced rules ------------------------------------------------------------------
P["jit_cache_reduced_into_psum"] = ('"""A jitted step traced with SUM_OVER "i"; the later SUM_OVER "j" (reduced there) never traced."""', """

SUM_OVER = ["i"]


@jax.jit
def step(x):
    def body(block):
        g = jax.lax.all_gather(block, "j", to="reduced", tiled=True)
        total = jax.lax.psum(g, SUM_OVER[0])
        return jax.lax.psum(jax.lax.pcast(total, "j", to="varying"), "j")

    return jax.shard_map(body, mesh=MESH, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    global MESH
    MESH = mesh
    out = step(x)
    SUM_OVER[0] = "j"
    return out + step(x)
""", '    out = step(x)', '    out = 0', "SF103")
P["jit_cache_reduced_scaled"] = ('"""A jitted step traced with SCALE None; a later SCALE (a constant times a reduced value) never traced."""', """

SETTINGS = {"scale": None}


@jax.jit
def step(x):
    def body(block):
        g = jax.lax.all_gather(block, "j", to="reduced", tiled=True)
        if SETTINGS["scale"] is not None:
            g = g * SETTINGS["scale"]
        return jax.lax.psum(jax.lax.pcast(g, "j", to="varying"), ("i", "j"))

    return jax.shard_map(body, mesh=MESH, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    global MESH
    MESH = mesh
    out = step(x)
    SETTINGS["scale"] = 0.5
    return out + step(x)
""", '    out = step(x)', '    out = 0', "SF106")


for _name, _main, _doc in [
        ("generator_loop_breaks_at_once", "    for out in (reduce_with(mesh, x, a) for a in CANDIDATES):\n        break\n    return out",
         "a `for` over a generator breaks in its first round"),
        ("zip_pairs_with_generator", "    return dict(zip((\"rows\",), (reduce_with(mesh, x, a) for a in CANDIDATES)))",
         "zip stops when its first iterable ends, before pulling a second item from the generator"),
        ("next_with_default_of_generator", "    return next((reduce_with(mesh, x, a) for a in CANDIDATES), None)",
         "next(gen, None) runs only the first candidate"),
        ("takewhile_stops_early", "    import itertools\n    return list(itertools.takewhile(lambda r: r.sum() < 0, (reduce_with(mesh, x, a) for a in CANDIDATES)))",
         "itertools.takewhile stops at the first item failing its test")]:
    P[_name] = (f'"""{_doc}: the second candidate (a sum over both axes) is never traced."""', SHORT % _main,
                'CANDIDATES = [("i",), ("i", "j")]', 'CANDIDATES = [("i", "j"), ("i",)]', "SF105")

P["jit_cache_environment_changed"] = ('"""The jitted step reads SYNC_AXES from the environment when traced; setting it later does not retrace."""', """
import os


@jax.jit
def step(x):
    axes = tuple(os.environ.get("SYNC_AXES", "i").split(","))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=MESH, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    global MESH
    MESH = mesh
    out = step(x)
    os.environ["SYNC_AXES"] = "i,j"
    return out + step(x)
""", '    out = step(x)', '    out = 0', "SF105")

P["jit_cache_class_attribute_changed"] = ('"""A class attribute read in a jitted method is changed after the first call; the cached trace is reused."""', """

class Reducer:
    AXES = ("i",)

    def __init__(self, mesh):
        self.mesh = mesh
        self.apply = jax.jit(self._apply)

    def _apply(self, x):
        def body(block):
            return jax.lax.psum(jax.lax.psum(block, "j"), type(self).AXES)

        return jax.shard_map(body, mesh=self.mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    reducer = Reducer(mesh)
    out = reducer.apply(x)
    Reducer.AXES = ("i", "j")
    return out + reducer.apply(x)
""", '    out = reducer.apply(x)', '    out = 0', "SF105")

P["jit_cache_dataclass_replaced"] = ('"""A module config dataclass replaced after the first step; the jitted step keeps its first trace."""', """
import dataclasses


@dataclasses.dataclass(frozen=True)
class Config:
    axes: tuple = ("i",)


CFG = Config()


@jax.jit
def step(x):
    def body(block):
        return jax.lax.psum(jax.lax.psum(block, "j"), CFG.axes)

    return jax.shard_map(body, mesh=MESH, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    global MESH, CFG
    MESH = mesh
    out = step(x)
    CFG = dataclasses.replace(CFG, axes=("i", "j"))
    return out + step(x)
""", '    out = step(x)', '    out = 0', "SF105")

P["jit_cache_same_static_arg"] = ('"""A static argument equal on both calls keeps the cache hit although the table it keys changed."""', """
import functools

TABLE = {"rows": ("i",)}


@functools.partial(jax.jit, static_argnames="kind")
def step(x, kind):
    def body(block):
        return jax.lax.psum(jax.lax.psum(block, "j"), TABLE[kind])

    return jax.shard_map(body, mesh=MESH, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    global MESH
    MESH = mesh
    out = step(x, kind="rows")
    TABLE["rows"] = ("i", "j")
    return out + step(x, kind="rows")
""", '    out = step(x, kind="rows")', '    out = 0', "SF105")


# -- Python's own name resolution, MRO and short-circuits at the place the axes are chosen --------------
SIMPLE = """
%s

def main(mesh, x):
    axes = %s

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
"""


def simple(name, doc, prelude, expr, old, new, rule="SF105"):
    P[name] = (f'"""{doc}"""', SIMPLE % (prelude, expr), old, new, rule)


simple("method_reads_module_global", "A method returns the bare name AXES: the module global, not the class attribute of that name.", """
AXES = ("i",)


class Reducer:
    AXES = ("i", "j")

    def sync_axes(self):
        return AXES
""", "Reducer().sync_axes()", '        return AXES', '        return self.AXES')
simple("class_genexp_condition_reads_global", "In a class body, a generator's condition sees the module global, not the class attribute.", """
AXES = ("i",)


class Layout:
    AXES = ("i", "j")
    SYNC = tuple(a for a in ("i", "j") if a in AXES)
""", "Layout.SYNC", 'AXES = ("i",)', 'AXES = ("i", "j")')
simple("class_lambda_reads_global", "A lambda in a class body reads the module global AXES when called.", """
AXES = ("i",)


class Layout:
    AXES = ("i", "j")
    pick = staticmethod(lambda: AXES)
""", "Layout.pick()", 'AXES = ("i",)', 'AXES = ("i", "j")')
simple("diamond_mro_attribute", "class D(B, C): C's override comes before A's value in the C3 order.", """
class A:
    AXES = ("i", "j")


class B(A):
    pass


class C(A):
    AXES = ("i",)


class D(B, C):
    pass
""", "D.AXES", '    AXES = ("i",)', '    NAME = ("i",)')
simple("mixin_super_goes_to_sibling", "super() in a mixin calls the next class in the instance's MRO (a sibling), not its own base.", """
class Base:
    def axes(self):
        return ("i", "j")


class RowsOnly(Base):
    def axes(self):
        return ("i",)


class Logged(Base):
    def axes(self):
        return super().axes()


class Model(Logged, RowsOnly):
    pass
""", "Model().axes()", 'class Model(Logged, RowsOnly):', 'class Model(Logged, Base):')
simple("walrus_any_first_match", "any() stops at the first match, so the walrus keeps the first matching candidate.", """
CANDIDATES = [("i",), ("i", "j")]
if any(len(found := c) == 1 for c in CANDIDATES):
    CHOSEN = found
""", "CHOSEN", 'if any(len(found := c) == 1 for c in CANDIDATES):', 'if any(len(found := c) == 2 for c in CANDIDATES):')
simple("match_statement_mode", "A match statement picks the row axes for MODE 'rows'.", """
MODE = "rows"
match MODE:
    case "rows":
        SYNC = ("i",)
    case _:
        SYNC = ("i", "j")
""", "SYNC", 'MODE = "rows"', 'MODE = "both"')
simple("device_count_branch", "Both axes only on more than 8 devices (a pod); on 8 the row axes.", """
if jax.device_count() > 8:
    SYNC = ("i", "j")
else:
    SYNC = ("i",)
""", "SYNC", 'if jax.device_count() > 8:', 'if jax.device_count() >= 8:')
simple("process_count_branch", "Both axes only in a multi-process run; this one is a single process.", """
if jax.process_count() > 1:
    SYNC = ("i", "j")
else:
    SYNC = ("i",)
""", "SYNC", 'if jax.process_count() > 1:', 'if jax.process_count() >= 1:')
simple("default_backend_branch", "Both axes only on GPU; the run is on CPU.", """
if jax.default_backend() == "gpu":
    SYNC = ("i", "j")
else:
    SYNC = ("i",)
""", "SYNC", 'if jax.default_backend() == "gpu":', 'if jax.default_backend() == "cpu":')
simple("optional_import_missing", "An optional kernel library that is not installed: the fallback syncs over rows.", """
try:
    import shardfix_fused_kernels  # noqa: F401  (not installed)
    SYNC = ("i", "j")
except ImportError:
    SYNC = ("i",)
""", "SYNC", '    SYNC = ("i",)', '    SYNC = ("i", "j")')

P["loop_pops_remaining_candidate"] = ('"""The loop pops the last candidate after the first round, so the second is never tried."""', """

def reduce_with(mesh, x, axes):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    pending = [("i",), ("i", "j")]
    for axes in pending:
        out = reduce_with(mesh, x, axes)
        pending.pop()
    return out
""", '        pending.pop()', '        pending.sort()', "SF105")
P["jit_cache_body_picked_from_table"] = ('"""The jitted step picks its body from a table by MODE; MODE changes after the first call, no retrace."""', """

def rows_body(block):
    return jax.lax.psum(jax.lax.psum(block, "j"), "i")


def both_body(block):
    return jax.lax.psum(jax.lax.psum(block, "j"), ("i", "j"))


BODIES = {"rows": rows_body, "both": both_body}
MODE = ["rows"]


@jax.jit
def step(x):
    return jax.shard_map(BODIES[MODE[0]], mesh=MESH, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    global MESH
    MESH = mesh
    out = step(x)
    MODE[0] = "both"
    return out + step(x)
""", '    out = step(x)', '    out = 0', "SF105")
P["jit_rewrapped_shares_cache"] = ('"""jax.jit(step) made again each round shares its cache with the first (same function): no retrace."""', """

SYNC = {"axes": ("i",)}


def step(x):
    def body(block):
        return jax.lax.psum(jax.lax.psum(block, "j"), SYNC["axes"])

    return jax.shard_map(body, mesh=MESH, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    global MESH
    MESH = mesh
    total = 0.0
    for round_ in range(2):
        total = total + jax.jit(step)(x)
        SYNC["axes"] = ("i", "j")
    return total
""", 'SYNC = {"axes": ("i",)}', 'SYNC = {"axes": ("i", "j")}', "SF105")
P["jit_method_static_self"] = ('"""@partial(jax.jit, static_argnums=0) on a method: self is hashed by identity, so changing self.axes does not retrace."""', """
import functools


class Model:
    def __init__(self, mesh):
        self.mesh = mesh
        self.axes = ("i",)

    @functools.partial(jax.jit, static_argnums=0)
    def __call__(self, x):
        def body(block):
            return jax.lax.psum(jax.lax.psum(block, "j"), self.axes)

        return jax.shard_map(body, mesh=self.mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    model = Model(mesh)
    out = model(x)
    model.axes = ("i", "j")
    return out + model(x)
""", '    out = model(x)', '    out = 0', "SF105")


simple("name_mangled_private_axes", "self.__axes in a subclass is _Wide__axes: the base's method reads _Base__axes.", """
class Base:
    def __init__(self):
        self.__axes = ("i",)

    def sync_axes(self):
        return self.__axes


class Wide(Base):
    def __init__(self):
        super().__init__()
        self.__axes = ("i", "j")
""", "Wide().sync_axes()", '        self.__axes = ("i",)', '        self.__axes = ("i", "j")')
simple("singleton_new_keeps_first", "A singleton __new__ hands back the first instance with the axes it was made with.", """
class Parallel:
    _instance = None

    def __new__(cls, axes):
        if cls._instance is None:
            cls._instance = super().__new__(cls)
            cls._instance.axes = axes
        return cls._instance


Parallel(("i",))
""", 'Parallel(("i", "j")).axes', 'Parallel(("i",))', 'Parallel(("i", "j"))')
simple("singleton_init_guard", "An __init__ that returns at once when the shared state is already set keeps the first axes.", """
class ParallelState:
    _shared = {}

    def __init__(self, axes=None):
        self.__dict__ = self._shared
        if "axes" in self._shared:
            return
        self.axes = axes


ParallelState(("i",))
""", 'ParallelState(("i", "j")).axes', 'ParallelState(("i",))', 'ParallelState(("i", "j"))')
simple("classmethod_reads_subclass_attribute", "A classmethod called on the subclass reads the subclass's AXES through cls.", """
class Base:
    AXES = ("i", "j")

    @classmethod
    def sync_axes(cls):
        return cls.AXES


class Rows(Base):
    AXES = ("i",)
""", "Rows.sync_axes()", '    AXES = ("i",)', '    OTHER = ("i",)')
simple("finally_return_overrides", "A return in finally replaces the try block's return value.", """
def sync_axes():
    try:
        return ("i", "j")
    finally:
        return ("i",)
""", "sync_axes()", '        return ("i",)', '        pass')
simple("yield_from_return_value", "`axes = yield from inner()` is inner's return value, not what it yields.", """
def inner():
    yield ("i", "j")
    return ("i",)


def outer(found):
    axes = yield from inner()
    found.append(axes)


FOUND = []
for _ in outer(FOUND):
    pass
""", "FOUND[0]", '    return ("i",)', '    return ("i", "j")')
simple("suppress_keyerror_keeps_default", "contextlib.suppress(KeyError) leaves the default when the key is missing.", """
import contextlib

CONFIG = {"name": "norm"}
SYNC = ("i",)
with contextlib.suppress(KeyError):
    SYNC = CONFIG["sync"]
""", "SYNC", 'CONFIG = {"name": "norm"}', 'CONFIG = {"name": "norm", "sync": ("i", "j")}')
simple("try_else_after_success", "try/else: the else runs only when the try raised nothing; the lookup succeeded.", """
CONFIG = {"sync": ("i",)}
try:
    SYNC = CONFIG["sync"]
except KeyError:
    SYNC = ("i", "j")
else:
    SYNC = tuple(SYNC)
""", "SYNC", 'CONFIG = {"sync": ("i",)}', 'CONFIG = {"sync": ("i", "j")}')
simple("from_import_missing_fallback", "from <missing package> import ...: the ImportError fallback syncs over rows.", """
try:
    from shardfix_fused_kernels import fused_sync  # noqa: F401  (not installed)
    SYNC = ("i", "j")
except ImportError:
    SYNC = ("i",)
""", "SYNC", '    SYNC = ("i",)', '    SYNC = ("i", "j")')
simple("class_listcomp_condition_reads_global", "A list comprehension's condition in a class body sees the module global, not the class attribute.", """
ROWS = ("i",)


class Layout:
    ROWS = ("i", "j")
    SYNC = [a for a in ("i", "j") if a in ROWS]
""", "tuple(Layout.SYNC)", 'ROWS = ("i",)', 'ROWS = ("i", "j")')
simple("while_else_skipped_by_break", "while/else: the wide fallback in else is skipped when the loop breaks.", """
def pick(candidates):
    index = 0
    while index < len(candidates):
        if len(candidates[index]) == 1:
            found = candidates[index]
            break
        index += 1
    else:
        found = ("i", "j")
    return found
""", 'pick([("i", "j"), ("i",)])', '        if len(candidates[index]) == 1:', '        if len(candidates[index]) == 3:')
simple("dict_fromkeys_shared_list", "dict.fromkeys with one list: removing through one key changes every key's list.", """
GROUPS = dict.fromkeys(["reduce", "norm"], ["i", "j"])
GROUPS["reduce"].remove("j")
""", 'tuple(GROUPS["norm"])', 'GROUPS = dict.fromkeys(["reduce", "norm"], ["i", "j"])', 'GROUPS = {"reduce": ["i", "j"], "norm": ["i", "j"]}')
simple("list_multiplied_shares_rows", "[[]] * 2 holds one list twice: removing from the first empties it in the second.", """
SECTIONS = [["i", "j"]] * 2
SECTIONS[0].remove("j")
""", "tuple(SECTIONS[1])", 'SECTIONS = [["i", "j"]] * 2', 'SECTIONS = [["i", "j"], ["i", "j"]]')

simple("name_mangled_class_attribute", "cls.__AXES in Base's classmethod is _Base__AXES, even when called on the subclass.", """
class Base:
    __AXES = ("i",)

    @classmethod
    def sync_axes(cls):
        return cls.__AXES


class Wide(Base):
    __AXES = ("i", "j")
""", "Wide.sync_axes()", '    __AXES = ("i",)', '    __AXES = ("i", "j")')
simple("class_reassigned_on_instance", "obj.__class__ = RowsOnly switches the instance to the subclass's method.", """
class Layer:
    def sync_axes(self):
        return ("i", "j")


class RowsOnly(Layer):
    def sync_axes(self):
        return ("i",)


LAYER = Layer()
LAYER.__class__ = RowsOnly
""", "LAYER.sync_axes()", 'LAYER.__class__ = RowsOnly', 'LAYER.__class__ = Layer')
simple("locals_write_has_no_effect", "Writing into locals() inside a function does not change the local variable.", """
def sync_axes():
    axes = ("i",)
    locals()["axes"] = ("i", "j")
    return axes
""", "sync_axes()", '    axes = ("i",)', '    axes = ("i", "j")')


def shaped(name, doc, test, old, new):
    P[name] = (f'"""{doc}"""', """

def main(mesh, x):
    axes = ("i", "j") if %s else ("i",)

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""" % test, old, new, "SF105")


shaped("batch_shape_branch", "Both axes only for batches over 64 rows; this one has 8.", "x.shape[0] > 64",
       "x.shape[0] > 64", "x.shape[0] > 4")
shaped("dtype_branch", "Both axes only for bfloat16 inputs; these are float32.", "x.dtype == jnp.bfloat16",
       "x.dtype == jnp.bfloat16", "x.dtype == jnp.float32")
shaped("device_platform_branch", "Both axes only on GPU devices; these are CPU devices.", 'jax.devices()[0].platform == "gpu"',
       'jax.devices()[0].platform == "gpu"', 'jax.devices()[0].platform == "cpu"')
shaped("mesh_size_branch", "Both axes only on a mesh of more than 8 devices.", "mesh.size > 8",
       "mesh.size > 8", "mesh.size >= 8")
shaped("array_size_branch", "Both axes only for arrays of more than 4096 elements; this one has 64.", "x.size > 4096",
       "x.size > 4096", "x.size > 16")

simple("setattr_class_on_instance", "setattr(obj, '__class__', RowsOnly) switches the instance to the subclass's method.", """
class Layer:
    def sync_axes(self):
        return ("i", "j")


class RowsOnly(Layer):
    def sync_axes(self):
        return ("i",)


LAYER = Layer()
setattr(LAYER, "__class__", RowsOnly)
""", "LAYER.sync_axes()", 'setattr(LAYER, "__class__", RowsOnly)', 'setattr(LAYER, "__class__", Layer)')
simple("import_missing_in_function", "A lazy import inside a helper: the package is not installed, so the helper returns the row axes.", """
def pick():
    try:
        import shardfix_fused_kernels  # noqa: F401  (not installed)
    except ImportError:
        return ("i",)
    return ("i", "j")
""", "pick()", '        return ("i",)', '        return ("i", "j")')
simple("module_not_found_fallback", "except ModuleNotFoundError around a missing optional package: the fallback syncs over rows.", """
try:
    import shardfix_fused_kernels  # noqa: F401  (not installed)
    SYNC = ("i", "j")
except ModuleNotFoundError:
    SYNC = ("i",)
""", "SYNC", '    SYNC = ("i",)', '    SYNC = ("i", "j")')
simple("class_dictcomp_condition_reads_global", "A dict comprehension's condition in a class body sees the module global, not the class attribute.", """
AXES = ("i",)


class Layout:
    AXES = ("i", "j")
    SYNC = {a: a for a in ("i", "j") if a in AXES}
""", "tuple(Layout.SYNC)", 'AXES = ("i",)', 'AXES = ("i", "j")')


def write():
    base = pathlib.Path(__file__).resolve().parent
    (base / "clean").mkdir(exist_ok=True)
    (base / "twins").mkdir(exist_ok=True)
    edits = {}
    for name, (doc, body, old, new, rule) in P.items():
        text = doc + "\n" + HEAD + body.rstrip("\n") + "\n" + TAIL
        assert text.count(old) == 1, (name, old)
        twin = text.replace(old, new)
        a, b = text.splitlines(), twin.splitlines()
        assert len(a) == len(b) and sum(x != y for x, y in zip(a, b)) == 1, name
        (base / "clean" / f"{name}.py").write_text(text)
        (base / "twins" / f"{name}.py").write_text(twin)
        edits[name] = rule
    return edits


if __name__ == "__main__":
    print(len(write()), "programs")
