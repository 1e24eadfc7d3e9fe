"""Export EMA parameters from the FSDP layout to the inference layout, one tensor at a time."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

TRAIN_SPECS = {
    "conv_in": P(("fsdp", "tp"), None),
    "time_embed": P(("fsdp", "tp"), None),
    "conv_out": P("fsdp", None),
}

INFER_SPECS = {
    "conv_in": P("fsdp", None, reduced={"tp"}),
    "time_embed": P("fsdp", None, reduced={"tp"}),
    "conv_out": P(None, None, reduced={"fsdp"}),
}


def init_ema(rng):
    return {name: rng.standard_normal((16, 4), dtype=np.float32) for name in TRAIN_SPECS}


def export(ema):
    out = {}
    for name, w in ema.items():
        out[name] = top_level_all_gather(w, INFER_SPECS[name])
    return out


def inputs():
    return (init_ema(np.random.default_rng(17)),)


def main(ema):
    mesh = jax.make_mesh((4, 2), ("fsdp", "tp"))
    with jax.set_mesh(mesh):
        placed = {k: jax.device_put(v, NamedSharding(mesh, TRAIN_SPECS[k])) for k, v in ema.items()}
        exported = export(placed)
    print({k: v.sharding.spec for k, v in exported.items()})
    return exported


if __name__ == "__main__":
    main(*inputs())
