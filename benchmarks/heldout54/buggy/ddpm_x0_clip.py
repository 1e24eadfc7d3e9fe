# DDPM sampler detail: predict x0 from epsilon and clip it to the data range [-1, 1].
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("batch", "feat"))
alpha_bar = np.array([0.9, 0.7, 0.5], np.float32)


def predict_x0(xt, eps, t):
    return (xt - np.sqrt(1 - alpha_bar[t]) * eps) / np.sqrt(alpha_bar[t])


@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P("batch", "feat"), P("batch", "feat")),
                   out_specs=P("batch", None, reduced={"feat"}))
def clipped_x0(xt, eps):
    x0 = predict_x0(xt, eps, 1)
    x0 = jax.lax.all_gather(x0, "feat", axis=1, to="reduced", tiled=True)
    return jnp.clip(x0, -1.0, 1.0)


def inputs():
    rng = np.random.default_rng(5)
    return rng.normal(size=(16, 8)).astype(np.float32), rng.normal(size=(16, 8)).astype(np.float32)


def main(xt, eps):
    xt, eps = jax.device_put((xt, eps), NamedSharding(mesh, P("batch", "feat")))
    return clipped_x0(xt, eps)


if __name__ == "__main__":
    main(*inputs())
