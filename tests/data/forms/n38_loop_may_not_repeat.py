import jax
from jax import lax
from jax.sharding import PartitionSpec as P


def body(x, n):
    for _ in range(n):
        x = lax.all_gather(x, "i", to="reduced", tiled=True)  # none (n may be 0 or 1)
    while x.shape[0] < 64:
        x = lax.all_gather(x, "j", to="reduced", tiled=True)  # none (may run once only)
    for _ in range(1):
        x = lax.ppermute(x, "k", [(0, 1), (1, 0)])
        x = lax.all_gather(x, "k", to="reduced", tiled=True)  # none (runs once; a second round would fail)
    return x


def run(mesh, x, n):
    return jax.shard_map(body, mesh=mesh, in_specs=(P("i", ("j", "k")), P()), out_specs=P())(x, n)
