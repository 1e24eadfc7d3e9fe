import functools

import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

ROWS = P(("i", "j"), None)


def double(a):
    return a * 2


@functools.partial(jax.shard_map, in_specs=ROWS, out_specs=ROWS)
def shift(a):
    return a + 1


def train_step(w, opt):
    return w - 0.1 * opt, opt * 0.9


def place_pair(mesh, x, spec):
    sharding = NamedSharding(mesh, spec)
    return jax.device_put(x, sharding), jax.device_put(x * 2, sharding)


def run(mesh, x):
    with jax.set_mesh(mesh):
        x = jax.device_put(x, NamedSharding(mesh, ROWS))
        y = jax.jit(jax.shard_map(double, in_specs=ROWS, out_specs=ROWS))(x)
        a = top_level_all_gather(y, P("j", None, reduced={"i"}))  # SF104
        b = top_level_all_gather(shift(x), P(None, None))  # SF104
        sharding = NamedSharding(mesh, ROWS)
        step = jax.jit(train_step, out_shardings=(sharding, NamedSharding(mesh, P("i", None))))
        w, opt = step(x, x)
        c = top_level_all_gather(w, P("j", None, reduced={"i"}))  # SF104
        d = top_level_all_gather(opt, P(None, None))  # SF104
        first, second = place_pair(mesh, x, P(None, ("j", "i")))
        e = top_level_all_gather(second, P(None, "i", reduced={"j"}))  # SF104
    return a, b, c, d, e
