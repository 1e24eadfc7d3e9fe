"""launchers/diffusion/latent_ckpt.py: checkpoint the sampler's latents on restart.

The latents are split over (data, spatial); the checkpoint keeps the data split and
gathers the spatial one (a prefix of the input spec, with the gathered axis marked
reduced), inside the mesh context.
"""
import os
import re
import tempfile

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

LATENT_SPEC = P("data", "spatial")
CKPT_SPECS = {"per_host": P("data", None, reduced={"spatial"}),
              "whole": P(None, None, reduced={"data", "spatial"})}


def mesh_dims():
    dcn_parallelism = [int(os.environ.get("NUM_SLICES", "1")), 1]
    ici_parallelism = [2, int(os.environ.get("ICI_SPATIAL", "4"))]
    return tuple(d * i for d, i in zip(dcn_parallelism, ici_parallelism))


def latest(directory):
    found = [int(m.group(1)) for f in os.listdir(directory) if (m := re.match(r"z_(\d+)\.npy", f))]
    return max(found) if found else None


@jax.jit
def denoise(z):
    return 0.9 * z + 0.1 * jnp.tanh(z)


def save(z, directory, step, kind):
    spec = CKPT_SPECS[kind]
    full = top_level_all_gather(z, spec, multi_dim=(kind == "whole"))
    if jax.process_index() == 0:
        np.save(os.path.join(directory, f"z_{step}.npy"), np.asarray(full))
    return full


def restore(mesh, directory, step):
    arr = np.load(os.path.join(directory, f"z_{step}.npy"))
    return jax.device_put(arr, NamedSharding(mesh, LATENT_SPEC))


def main(kind):
    mesh = jax.make_mesh(mesh_dims(), ("data", "spatial"))
    directory = tempfile.mkdtemp(prefix="latents_")
    with jax.set_mesh(mesh):
        step = latest(directory)
        if step is None:
            z = jax.device_put(np.ones((4, 16), np.float32), NamedSharding(mesh, LATENT_SPEC))
            step = 0
        else:
            z = restore(mesh, directory, step)
        z = denoise(z)
        full = save(z, directory, step + 1, kind)
    if jax.process_index() == 0:
        print("checkpointed step", step + 1, full.shape, kind)
    return full


def prune(directory, keep=2):
    """Keep the newest `keep` latent files; only process 0 deletes."""
    if jax.process_index() != 0:
        return []
    files = sorted(os.listdir(directory), key=lambda f: int(re.findall(r"\d+", f)[0]))
    removed = files[:-keep]
    for f in removed:
        os.remove(os.path.join(directory, f))
    return removed


def inputs():
    return (os.environ.get("CKPT_KIND", "per_host"),)


if __name__ == "__main__":
    main(*inputs())
