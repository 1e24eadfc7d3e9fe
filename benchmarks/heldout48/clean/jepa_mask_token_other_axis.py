"""V-JEPA mask tokens: the learned mask token block is unsharded over fsdp for the predictor,
and handed around by a helper that gathers its argument over the tube axis."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

FSDP = "fsdp"


def unshard(param, axis=FSDP):
    return jax.lax.all_gather(param, axis, axis=0, tiled=True, to="reduced")


def replicate_for_predictor(x, axis=FSDP):
    return jax.lax.all_gather(x, axis, axis=0, tiled=True)


def predictor_inputs(mask_token):
    token = unshard(mask_token)
    return replicate_for_predictor(token, axis="tube")


def inputs():
    return (np.random.default_rng(62).normal(size=(8, 4)).astype(np.float32),)


def main(mask_token):
    mesh = jax.make_mesh((4, 2), (FSDP, "tube"))
    mask_token = jax.device_put(mask_token, NamedSharding(mesh, P(FSDP, None)))
    return jax.shard_map(predictor_inputs, mesh=mesh, in_specs=P(FSDP, None),
                         out_specs=P("tube", None, reduced={FSDP}))(mask_token)


if __name__ == "__main__":
    main(*inputs())
