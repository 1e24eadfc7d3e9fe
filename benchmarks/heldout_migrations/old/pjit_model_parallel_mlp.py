import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pjit as pjit_lib
from jax.sharding import Mesh, PartitionSpec as P

devices = np.array(jax.devices()).reshape(2, 4)
mesh = Mesh(devices, ("data", "model"))


def init(rng_seed):
    rs = np.random.RandomState(rng_seed)
    return {"wi": rs.randint(-2, 3, size=(6, 16)).astype(np.float32) / 4,
            "wo": rs.randint(-2, 3, size=(16, 6)).astype(np.float32) / 4}


def mlp(params, x):
    h = jax.nn.gelu(x @ params["wi"])
    h = jax.lax.with_sharding_constraint(h, P("data", "model"))
    return x + h @ params["wo"]


def main():
    params = init(0)
    param_specs = {"wi": P(None, "model"), "wo": P("model", None)}
    per_device = [np.full((2, 6), float(i), np.float32) for i in range(8)]
    with mesh:
        params = jax.device_put_replicated(params, list(devices.flat))
        params = jax.tree_util.tree_map(lambda p: p[0], params)
        x = jnp.concatenate(per_device) / 8.0
        fwd = pjit_lib.pjit(mlp, in_shardings=(param_specs, P("data", None)), out_shardings=P("data", None))
        y = fwd(params, x)
    print(y.shape, np.round(np.asarray(y).sum(axis=1), 3).tolist())


if __name__ == "__main__":
    main()
