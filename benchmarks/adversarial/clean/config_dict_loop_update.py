"""Per-parameter reduction axes filled in by a loop over the parameter table."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PARAM_SPECS = {"embed": P("data", "model"), "bias": P("data")}
REDUCE = {"embed": ("data", "model"), "bias": ("data", "model")}


def inputs():
    rng = np.random.default_rng(1)
    return {"embed": rng.normal(size=(8, 8)).astype(np.float32),
            "bias": rng.normal(size=(8,)).astype(np.float32)}, 3


def main(params, steps):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    reduce = dict(REDUCE)
    for name, spec in PARAM_SPECS.items():
        # reduce only over the axes the parameter's gradient is actually split on
        reduce[name] = tuple(a for a in ("data", "model") if a in jax.tree.leaves(tuple(spec)))
    params = {k: jax.device_put(v, NamedSharding(mesh, PARAM_SPECS[k])) for k, v in params.items()}

    def norms(p):
        return {k: jax.lax.psum(jnp.sum(v * v), reduce[k]) for k, v in p.items()}

    out = jax.shard_map(norms, mesh=mesh, in_specs=(PARAM_SPECS,), out_specs=P())(params)
    return jnp.sqrt(out["embed"] + out["bias"]) * steps


if __name__ == "__main__":
    print(main(*inputs()))
