"""Group-wise int4 weight quantisation at load time, chosen from the checkpoint's quantization_config."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

QUANTIZATION_CONFIG = {
    "quant_method": "int4_groupwise",
    "bits": 4,
    "group_size": 8,
    "shard_axes": {"rows": "tp", "cols": "fsdp"},
}

QUANT_METHODS = {}


def quant_method(name):
    def register(fn):
        QUANT_METHODS[name] = fn
        return fn
    return register


@quant_method("int4_groupwise")
def int4_group_scales(weight, config):
    rows = config["shard_axes"]["rows"]
    qmax = 2 ** (config["bits"] - 1) - 1
    groups = weight.reshape(-1, config["group_size"], weight.shape[-1])
    absmax = jax.lax.pmax(jnp.max(jnp.abs(groups), axis=(0, 1)), rows)
    scales = absmax / qmax
    return jax.lax.all_gather(scales[None], rows, axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(40)
    return (rng.normal(size=(64, 16)).astype(np.float32),)


def main(weight):
    mesh = jax.make_mesh((2, 4), ("fsdp", "tp"))
    spec = P("tp", "fsdp")
    weight = jax.device_put(weight, NamedSharding(mesh, spec))
    method = QUANT_METHODS[QUANTIZATION_CONFIG["quant_method"]]
    fn = jax.shard_map(lambda w: method(w, QUANTIZATION_CONFIG), mesh=mesh, in_specs=spec,
                       out_specs=P(None, "fsdp", reduced={"tp"}))
    return fn(weight)


if __name__ == "__main__":
    main(*inputs())
