"""Spectral-convolution weights of an FNO, assembled for a full-resolution evaluation."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DEFAULTS = {
    "mesh": (2, 4),
    "axes": {"batch": "batch", "mode": "mode"},
    "modes": 16,
    "width": 8,
}


def make_config(**overrides):
    cfg = {**DEFAULTS, **overrides}
    cfg["axes"] = {**DEFAULTS["axes"], **overrides.get("axes", {})}
    return cfg


def assemble(cfg):
    axes = cfg["axes"]

    def body(w_real):
        by_mode = jax.lax.all_gather(w_real, axes["mode"], axis=0, tiled=True, to="reduced")
        full = jax.lax.all_gather(by_mode, (axes["batch"], axes["mode"]), axis=1, tiled=True, to="reduced")
        return full

    return body


def inputs():
    rng = np.random.default_rng(17)
    return (rng.normal(size=(16, 8)).astype(np.float32),)


def main(w_real):
    cfg = make_config(width=8)
    mesh = jax.make_mesh(cfg["mesh"], tuple(cfg["axes"].values()))
    spec = P(cfg["axes"]["mode"], cfg["axes"]["batch"])
    w_real = jax.device_put(w_real, NamedSharding(mesh, spec))
    return jax.shard_map(assemble(cfg), mesh=mesh, in_specs=spec,
                         out_specs=P(reduced={"batch", "mode"}))(w_real)


if __name__ == "__main__":
    print(main(*inputs()).shape)
