"""launchers/lm/eval_softcap.py: evaluation launcher with logit soft-capping.

Eval gathers the tensor-sharded logits (to="reduced", as the export path expects) and
applies the soft cap from the config; the cap can be overridden with a flags string.
"""
import json
import os
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


@dataclass
class EvalConfig:
    softcap: float = 30.0
    batch: int = 8
    dim: int = 8
    vocab: int = 16
    mesh_shape: list = field(default_factory=lambda: [2, 4])

    def override(self, text):
        for key, value in json.loads(text or "{}").items():
            setattr(self, key, type(getattr(self, key))(value))
        return self


def create_mesh(shape):
    devices = np.asarray(jax.devices()[: int(np.prod(shape))]).reshape(shape)
    return Mesh(devices, ("batch", "vocab"), axis_types=(jax.sharding.AxisType.Explicit,) * 2)


def soft_cap(logits, cap):
    return cap * jnp.tanh(logits / cap)


def eval_fn(cfg, mesh):
    def body(h, w):
        local = h @ w
        logits = jax.lax.all_gather(local, "vocab", axis=1, tiled=True, to="reduced")
        capped = soft_cap(logits, cfg.softcap)
        return capped

    return jax.jit(jax.shard_map(body, mesh=mesh,
                                 in_specs=(P("batch", None), P(None, "vocab")),
                                 out_specs=P("batch", None, reduced={"vocab"})))


def place(mesh, arr, spec):
    if jax.process_count() == 1:
        return jax.device_put(arr, NamedSharding(mesh, spec))
    return jax.make_array_from_process_local_data(NamedSharding(mesh, spec), arr)


def main():
    cfg = EvalConfig().override(os.environ.get("EVAL_OVERRIDES"))
    mesh = create_mesh(cfg.mesh_shape)
    rng = np.random.default_rng(3)
    h = place(mesh, rng.standard_normal((cfg.batch, cfg.dim)).astype(np.float32), P("batch", None))
    w = place(mesh, rng.standard_normal((cfg.dim, cfg.vocab)).astype(np.float32), P(None, "vocab"))
    with jax.set_mesh(mesh):
        out = eval_fn(cfg, mesh)(h, w)
    if jax.process_index() == 0:
        print("eval logits", out.shape)
    return out


def describe(mesh, cfg):
    """One line for the job log: topology, mesh and the effective overrides."""
    if jax.process_index() != 0:
        return ""
    parts = [f"hosts={jax.process_count()}", f"devices={jax.device_count()}"]
    parts += [f"{name}={size}" for name, size in mesh.shape.items()]
    parts.append(f"softcap={cfg.softcap}")
    return " ".join(parts)


def inputs():
    return ()


if __name__ == "__main__":
    main(*inputs())
