import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

ROWS = P(("i", "j"), None)
COLS = P(None, "j")


def advance(a, b):
    return a + b, b * 0.5


def place_both(mesh, a, b):
    return jax.device_put(a, NamedSharding(mesh, ROWS)), jax.device_put(b, NamedSharding(mesh, COLS))


def run(mesh, x):
    with jax.set_mesh(mesh):
        pos = jax.device_put(x, NamedSharding(mesh, ROWS))
        vel = jax.device_put(x * 0, NamedSharding(mesh, ROWS))
        integrate = jax.shard_map(advance, in_specs=(ROWS, ROWS), out_specs=(ROWS, ROWS))
        steps = 0
        while steps < 2:
            pos, vel = integrate(pos, vel)
            steps += 1
        p = top_level_all_gather(pos, P("j", None))  # SF104
        w = jax.reshard(x, COLS)
        m = jax.reshard(x * 2, COLS)
        update = jax.jit(lambda w, m: (w - m, m * 0.9),
                         out_shardings=(NamedSharding(mesh, COLS), NamedSharding(mesh, COLS)))
        for _ in range(3):
            w, m = update(w, m)
        q = top_level_all_gather(m, P(None, None))  # SF104
        a, b = place_both(mesh, x, x + 1)
        for i in range(2):
            if i:
                a, b = place_both(mesh, a * 2, b)
        r = top_level_all_gather(b, P(None, "i"))  # SF104
    return p, q, r
