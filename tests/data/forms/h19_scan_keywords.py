import jax
from jax import lax
from jax.sharding import PartitionSpec as P

def body(x):
    def step(carry, _):
        s = lax.psum(carry, "i")
        full = lax.all_gather(s, "i", to="reduced", tiled=True)  # SF101
        return carry * full.shape[0], None

    out, _ = lax.scan(step, x, length=3, reverse=True)
    return lax.fori_loop(0, 2, lambda k, c: c * lax.all_gather(lax.pmax(c, "i"), "i", to="reduced").shape[0], out, unroll=2)  # SF101

def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P("i"))(x)
