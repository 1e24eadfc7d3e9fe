import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TRAIN_SPECS = {"fold1/kernel": P(("data", "points"), None), "fold2/kernel": P("points", None), "fold2/bias": P()}
EXPORT_SPECS = {"fold1/kernel": P(None, None), "fold2/kernel": P(None, None), "fold2/bias": P()}


def export(params):
    return {k: jax.reshard(v, EXPORT_SPECS[k]) for k, v in params.items()}


def inputs():
    rng = np.random.default_rng(114)
    return ({
        "fold1/kernel": rng.normal(size=(16, 8)).astype(np.float32),
        "fold2/kernel": rng.normal(size=(8, 3)).astype(np.float32),
        "fold2/bias": np.zeros((3,), np.float32),
    },)


def main(params):
    mesh = jax.make_mesh((2, 4), ("data", "points"))
    with jax.set_mesh(mesh):
        params = {k: jax.device_put(v, NamedSharding(mesh, TRAIN_SPECS[k])) for k, v in params.items()}
        exported = export(params)
    print({k: v.shape for k, v in exported.items()})
    return exported


if __name__ == "__main__":
    main(*inputs())
