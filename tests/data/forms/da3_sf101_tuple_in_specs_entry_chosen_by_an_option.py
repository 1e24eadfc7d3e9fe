"""in_specs written as a tuple whose second entry is a name bound to a conditional on an option
(`w_spec = P("i", None) if opts["shard_w"] else P()`): the option is off, so the weight comes in
replicated and gathering it over 'i' to 'reduced' gathers an invariant value."""
import jax
from jax.sharding import PartitionSpec as P


def body(a, w):
    full = jax.lax.all_gather(w, "i", tiled=True, to="reduced")  # SF101
    return a, full


def run(mesh, x, opts):
    w_spec = P("i", None) if opts["shard_w"] else P()
    f = jax.shard_map(body, mesh=mesh, in_specs=(P("i", "j"), w_spec),
                      out_specs=(P("i", "j"), P(None, None, reduced={"i"})))
    return f(x, x)


def main(mesh, x):
    return run(mesh, x, {"shard_w": 0})
