import jax
from jax.sharding import PartitionSpec as P


def plain(x):
    return x * 2


def gather_then_vary(x):
    g = jax.lax.psum(x, "i")
    jax.lax.all_gather(g, "i", to="reduced")  # SF101
    return x


STATS = {"plain": plain, "gathered": gather_then_vary}


def main(mesh, x):
    outs = []
    for fn in STATS.values():
        outs.append(jax.shard_map(fn, mesh=mesh, in_specs=P("i", None), out_specs=P("i", None))(x))
    return outs
