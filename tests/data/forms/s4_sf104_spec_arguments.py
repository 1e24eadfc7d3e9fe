from functools import partial
import jax
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


@partial(jax.jit, static_argnames=("spec",))
def put(x, spec):
    return jax.device_put(x, NamedSharding(jax.sharding.get_abstract_mesh(), spec))


@partial(jax.jit, static_argnums=(2,))
def put_rows(mesh, x, axes):
    return jax.device_put(x, NamedSharding(mesh, P(axes, None)))


@partial(jax.jit, static_argnums=(1,))
def put_num(x, spec):
    """Places x."""
    return jax.device_put(x, NamedSharding(jax.sharding.get_abstract_mesh(), spec))


def shard(mesh, x, spec=P(("i", "j"))):
    return jax.device_put(x, NamedSharding(mesh, spec))


def reshard_to(x, sharding):
    return jax.reshard(x, sharding)


def _place(x, spec):
    return jax.device_put(x, NamedSharding(jax.sharding.get_abstract_mesh(), spec))


place = jax.jit(_place, static_argnames=("spec",))


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    with jax.set_mesh(mesh):
        a = put(x, spec=P(("i", "j")))
        b = top_level_all_gather(a, P("j"))  # SF104
        c = put_num(x, P(("i", "j"), None))
        d = top_level_all_gather(c, P(None, None))  # SF104
        e = shard(mesh, x)
        f = top_level_all_gather(e, P("i", reduced={"j"}))  # none
        g = shard(mesh, x, spec=P(("j", "i")))
        h = top_level_all_gather(g, P("i"))  # SF104
        k = reshard_to(x, NamedSharding(mesh, P(("i", "j"))))
        m = top_level_all_gather(k, P("i"))  # SF104
        n = shard(mesh, x)
        o = top_level_all_gather(n, P("i"))  # SF104
        q = top_level_all_gather(place(x, spec=P(("i", "j"))), P("j"))  # SF104
    return b, d, f, h, m, o, q
