"""launchers/diffusion/export_samples.py: generate samples and export them in a chosen layout.

The sample batch is split over both mesh axes on its first dimension (one sample row per
device); the export layout is picked by name from the LAYOUT environment variable.
"""
import atexit
import os
import shutil
import tempfile

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SAMPLE_SPEC = P(("data", "spatial"), None)
EXPORT_LAYOUTS = {
    "replicated": P(None, None, reduced={"data", "spatial"}),
    "per_slice": P("spatial", None, reduced={"data"}),
}

WORKDIR = tempfile.mkdtemp(prefix="samples_")
atexit.register(shutil.rmtree, WORKDIR, ignore_errors=True)


def parallelism():
    dcn_parallelism = [int(os.environ.get("DCN_DATA", "1")), 1]
    ici_parallelism = [int(os.environ.get("ICI_DATA", "2")), int(os.environ.get("ICI_SPATIAL", "4"))]
    return tuple(d * i for d, i in zip(dcn_parallelism, ici_parallelism))


def ddim_step(x, eps, a_t, a_prev):
    x0 = (x - jnp.sqrt(1 - a_t) * eps) / jnp.sqrt(a_t)
    return jnp.sqrt(a_prev) * x0 + jnp.sqrt(1 - a_prev) * eps


@jax.jit
def sample_loop(x, eps):
    for a_t, a_prev in [(0.5, 0.7), (0.7, 0.9), (0.9, 0.99)]:
        x = ddim_step(x, eps, a_t, a_prev)
    return x


def export(samples, layout):
    spec = EXPORT_LAYOUTS[layout]
    out = top_level_all_gather(samples, spec)
    if jax.process_index() == 0:
        np.save(os.path.join(WORKDIR, f"samples_{layout}.npy"), np.asarray(out))
    return out


def noise_like(mesh, shape, seed):
    rng = np.random.default_rng(seed)
    return jax.device_put(rng.standard_normal(shape).astype(np.float32),
                          NamedSharding(mesh, SAMPLE_SPEC))


def main(layout):
    mesh = jax.make_mesh(parallelism(), ("data", "spatial"))
    with jax.set_mesh(mesh):
        x = noise_like(mesh, (8, 6), seed=0)
        eps = noise_like(mesh, (8, 6), seed=1)
        samples = sample_loop(x, eps)
        exported = export(samples, layout)
        if jax.process_index() == 0:
            print("exported", layout, exported.shape, sorted(os.listdir(WORKDIR)))
    return exported


def list_exports():
    return sorted(f for f in os.listdir(WORKDIR) if f.endswith(".npy"))


def inputs():
    return (os.environ.get("LAYOUT", "replicated"),)


if __name__ == "__main__":
    main(*inputs())
