import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

OUTPUTS = [P("i", None), P("i", "j")]
KEEP = (P("i", "j"), P(None, "j"), P("j", None))


def step(a):
    return a * 2.0, a + 1.0


def run(mesh, x):
    OUTPUTS.reverse()  # the list the comprehension reads is no longer as written
    swapped = jax.jit(step, out_shardings=tuple(NamedSharding(mesh, s) for s in OUTPUTS))
    picked = jax.jit(step, out_shardings=tuple(NamedSharding(mesh, s) for s in KEEP if s != P(None, "j")))
    with jax.set_mesh(mesh):
        a, b = swapped(x)
        ok = top_level_all_gather(a, P("i", None, reduced={"j"}))
        c, d = picked(x)
        ok2 = top_level_all_gather(d, P(None, None, reduced={"j"}))
        return ok, ok2, b, c
