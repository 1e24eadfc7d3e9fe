"""launchers/contrastive/logit_scale.py: contrastive logits with a learned logit scale.

The image embeddings of every data shard are gathered (to="reduced": the loss is the only
reader) and scored against the local text embeddings with the replicated logit scale.
"""
import os
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class Params:
    init_scale: float = 2.659
    dim: int = 8
    batch: int = 8


def read_params():
    p = Params()
    if "INIT_SCALE" in os.environ:
        p = Params(init_scale=float(os.environ["INIT_SCALE"]))
    return p


def mesh_shape():
    ici_parallelism = [int(os.environ.get("ICI_DATA", "8")), 1]
    dcn_parallelism = [int(os.environ.get("NUM_SLICES", "1")), 1]
    return tuple(a * b for a, b in zip(ici_parallelism, dcn_parallelism))


def scaled_logits(img, txt, log_scale):
    all_img = jax.lax.all_gather(img, "data", axis=0, tiled=True, to="reduced")
    scale = jnp.exp(log_scale)
    return (all_img * scale) @ txt.T


def build(mesh):
    return jax.jit(jax.shard_map(scaled_logits, mesh=mesh,
                                 in_specs=(P("data", None), P("data", None), P()),
                                 out_specs=P(None, "data")))


def main(seed):
    params = read_params()
    mesh = jax.make_mesh(mesh_shape(), ("data", "model"))
    rng = np.random.default_rng(seed)
    sh = NamedSharding(mesh, P("data", None))
    img = jax.make_array_from_process_local_data(sh, rng.standard_normal((params.batch, params.dim)).astype(np.float32))
    txt = jax.make_array_from_process_local_data(sh, rng.standard_normal((params.batch, params.dim)).astype(np.float32))
    log_scale = jax.device_put(jnp.float32(np.log(params.init_scale)), NamedSharding(mesh, P()))
    with jax.set_mesh(mesh):
        logits = build(mesh)(img, txt, log_scale)
    if jax.process_index() == 0:
        print("logits", logits.shape)
    return logits


def clamp_scale(log_scale, max_scale=100.0):
    """The scale is clamped on the host after each optimizer step."""
    return jnp.minimum(log_scale, jnp.log(max_scale))


def report(logits):
    if jax.process_index() != 0:
        return None
    arr = np.asarray(logits)
    diag = np.diag(arr[: arr.shape[1], : arr.shape[1]]) if arr.ndim == 2 else arr
    return {"diag_mean": float(np.mean(diag)), "all_mean": float(arr.mean())}


def inputs():
    return (int(os.environ.get("SEED", "0")),)


if __name__ == "__main__":
    main(*inputs())
