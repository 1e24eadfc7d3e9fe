"""The same tuple of in_specs with the option on: the weight comes in sharded over 'i', so the
gather over 'i' is legal."""
import jax
from jax.sharding import PartitionSpec as P


def body(a, w):
    full = jax.lax.all_gather(w, "i", tiled=True, to="reduced")
    return a, full


def run(mesh, x, opts):
    w_spec = P("i", None) if opts["shard_w"] else P()
    f = jax.shard_map(body, mesh=mesh, in_specs=(P("i", "j"), w_spec),
                      out_specs=(P("i", "j"), P(None, None, reduced={"i"})))
    return f(x, x)


def main(mesh, x):
    return run(mesh, x, {"shard_w": 1})
