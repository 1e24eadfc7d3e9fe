# "Which loss weighting for diffusion?" -- comparing uniform vs SNR weighting in one notebook run.
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("batch", "feat"))
snr = jnp.array([8.0, 4.0, 2.0, 1.0])

weightings = {
    "uniform": lambda t: 1.0,
    "snr": lambda t: snr[t],
}


def weighted_loss(eps_hat, eps, t, weight):
    per_example = jax.lax.psum(jnp.sum((eps_hat - eps) ** 2, axis=1), "feat")
    loss = weight(t) * per_example.mean()
    return jax.lax.pmean(loss, ("batch", "feat"))


def inputs():
    rng = np.random.default_rng(4)
    return rng.normal(size=(16, 8)).astype(np.float32), rng.normal(size=(16, 8)).astype(np.float32)


def main(eps_hat, eps):
    spec = P("batch", "feat")
    eps_hat, eps = jax.device_put((eps_hat, eps), NamedSharding(mesh, spec))
    results = {}
    for name, weight in weightings.items():
        f = jax.shard_map(lambda a, b: weighted_loss(a, b, 2, weight), mesh=mesh,
                          in_specs=(spec, spec), out_specs=P())
        results[name] = f(eps_hat, eps)
    return results


if __name__ == "__main__":
    main(*inputs())
