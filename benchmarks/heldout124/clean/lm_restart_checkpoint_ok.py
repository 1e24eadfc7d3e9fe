"""launchers/lm/checkpointing.py: save and restart a 2-D sharded language model.

On restart the launcher looks for the latest step directory; when none exists it
initialises the parameters and writes step 0. Writes happen on process 0 only, after
the parameters have been gathered with top_level_all_gather.
"""
import glob
import os
import re
import tempfile

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

PARAM_SPECS = {
    "embed": P("fsdp", None),
    "proj": P("fsdp", None),
    "head": P(None, "tensor"),
}
CHECKPOINT_SPECS = {
    "embed": P(None, None, reduced={"fsdp"}),
    "proj": P(None, None, reduced={"fsdp"}),
    "head": P(None, None, reduced={"tensor"}),
}
SHAPES = {"embed": (16, 8), "proj": (8, 8), "head": (8, 16)}


def latest_step(ckpt_dir):
    steps = [int(m.group(1)) for p in glob.glob(os.path.join(ckpt_dir, "step_*"))
             if (m := re.search(r"step_(\d+)$", p))]
    return max(steps) if steps else None


def init_params(mesh, seed):
    key = jax.random.key(seed)
    params = {}
    for i, (name, shape) in enumerate(SHAPES.items()):
        value = jax.random.normal(jax.random.fold_in(key, i), shape) * 0.02
        params[name] = jax.device_put(value, NamedSharding(mesh, PARAM_SPECS[name]))
    return params


def save(params, ckpt_dir, step):
    host = {}
    for name, value in params.items():
        full = top_level_all_gather(value, CHECKPOINT_SPECS[name])
        host[name] = np.asarray(full)
    if jax.process_index() == 0:
        path = os.path.join(ckpt_dir, f"step_{step}")
        os.makedirs(path, exist_ok=True)
        for name, arr in host.items():
            np.save(os.path.join(path, name + ".npy"), arr)


def restore(mesh, ckpt_dir, step):
    path = os.path.join(ckpt_dir, f"step_{step}")
    return {name: jax.device_put(np.load(os.path.join(path, name + ".npy")),
                                 NamedSharding(mesh, PARAM_SPECS[name])) for name in SHAPES}


def main(ckpt_dir=None):
    fsdp = int(os.environ.get("FSDP_PARALLELISM", "2"))
    mesh = jax.make_mesh((fsdp, jax.device_count() // fsdp), ("fsdp", "tensor"))
    ckpt_dir = ckpt_dir or tempfile.mkdtemp(prefix="lm_ckpt_")
    with jax.set_mesh(mesh):
        step = latest_step(ckpt_dir)
        if step is None:
            params = init_params(mesh, seed=int(os.environ.get("SEED", "0")))
            save(params, ckpt_dir, 0)
            step = 0
        params = restore(mesh, ckpt_dir, step)
    return params["embed"]


def inputs():
    return (None,)


if __name__ == "__main__":
    main(*inputs())
