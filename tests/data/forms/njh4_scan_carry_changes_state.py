import jax
from jax import lax
from jax.sharding import PartitionSpec as P

RING = [(k, (k + 1) % 4) for k in range(4)]


def run(mesh, x, opts):
    def body(u):
        def step(u, _):
            return lax.psum(u + opts.rate * (lax.ppermute(u, "j", RING) - u), "j"), None
        u = lax.scan(step, u, None, length=3)[0]
        rows = lax.all_gather(u, "j", axis=1, tiled=True, to="reduced")
        return lax.all_gather(rows, ("i", "j"), axis=0, tiled=True, to="reduced")
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={"i", "j"}))(x)
