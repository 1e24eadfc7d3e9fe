import jax
from jax.sharding import PartitionSpec as P

DOREMI = dict(axes=["i", "j"], table_axis=1)
DOREMI["axes"].pop()


def excess_loss(x, axes=tuple(DOREMI["axes"])):
    by_domain = jax.lax.all_gather(x, "j", axis=DOREMI["table_axis"], tiled=True, to="reduced")
    jax.lax.all_gather(by_domain, axes, axis=0, tiled=True, to="reduced")
    return x


def main(mesh, x):
    return jax.shard_map(excess_loss, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
