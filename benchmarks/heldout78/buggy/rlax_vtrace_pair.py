"""RLax-style IMPALA loss inputs: policy logits and baselines gathered as one tree."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_SHAPE = (4, 2)
DATA, MODEL = "dp", "mp"


def gather_tree(tree, axis_name, dim):
    return jax.tree.map(lambda x: jax.lax.all_gather(x, axis_name, axis=dim, tiled=True, to="reduced"), tree)


def impala_inputs(logits, baselines, model_axis, learner_axes):
    logits, baselines = gather_tree((logits, baselines), model_axis, 1)
    trajectory = gather_tree({"logits": logits}, learner_axes, 0)
    return baselines, trajectory["logits"]


def inputs():
    rng = np.random.default_rng(41)
    return rng.normal(size=(16, 8)).astype(np.float32), rng.normal(size=(16, 8)).astype(np.float32)


def main(logits, baselines):
    mesh = jax.make_mesh(MESH_SHAPE, (DATA, MODEL))
    spec = P(DATA, MODEL)
    logits, baselines = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (logits, baselines))
    fn = functools.partial(impala_inputs, model_axis=MODEL, learner_axes=(DATA, MODEL))
    out = jax.shard_map(fn, mesh=mesh, in_specs=(spec, spec),
                        out_specs=(P(DATA, None, reduced={MODEL}), P(None, None, reduced={DATA, MODEL})))(logits, baselines)
    return [o.shape for o in out]


if __name__ == "__main__":
    print(main(*inputs()))
