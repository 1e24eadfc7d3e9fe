import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

OUTPUTS = (P("i", "j"), P("i", None))
TABLE = {"state": P(("i", "j"), None), "aux": P("j", None)}


def step(a):
    return a * 2.0, a + 1.0


def make_step(mesh):
    shardings = [NamedSharding(mesh, TABLE[name]) for name in ("state", "aux")]
    return jax.jit(step, out_shardings=tuple(shardings))


def run(mesh, x):
    first = jax.jit(step, out_shardings=tuple(NamedSharding(mesh, s) for s in OUTPUTS))
    both = jax.jit(step, out_shardings=(NamedSharding(mesh, OUTPUTS[0]), NamedSharding(mesh, OUTPUTS[-1])))
    with jax.set_mesh(mesh):
        a, b = first(x)
        got = top_level_all_gather(a, P("i", None))  # SF104
        c, d = both(x)
        tail = top_level_all_gather(d, P(None, None, reduced={"i"}))
        head = top_level_all_gather(c, P("j", None, reduced={"i"}))  # SF104
        state, aux = make_step(mesh)(x)
        full = top_level_all_gather(state, P("j", None, reduced={"i"}))  # SF104
        return got, tail, head, full, b, aux
