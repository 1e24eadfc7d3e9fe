import jax
from functools import partial
from jax import lax
from jax.sharding import PartitionSpec as P

@partial(jax.vmap, in_axes=0)
def row_total(row):
    return lax.psum(row, "i")

def body(x):
    s = row_total(x)
    return lax.all_gather(s, "i", to="reduced", tiled=True)  # SF101

def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P(None, reduced={"i"}))(x)
