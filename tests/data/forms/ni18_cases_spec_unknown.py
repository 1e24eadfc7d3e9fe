import jax
from jax import lax
from jax.sharding import PartitionSpec as P

SPECS = {"rows": P("i", None), "cols": P(None, "j")}


def sharded_means(mesh, x, names=("rows",)):
    cases = [{"spec": SPECS[name], "axes": ("i",)} for name in names]  # built, not written
    out = []
    for case in cases:
        f = jax.shard_map(lambda v: lax.pmean(v.mean(), case["axes"]), mesh=mesh,
                          in_specs=case["spec"], out_specs=P())
        out.append(f(x))
    return out


def run(mesh, x):
    return sharded_means(mesh, x)
