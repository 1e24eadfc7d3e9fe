"""Negative-binomial output head: total demand over the horizon for intermittent series."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class DistributionOutput:
    args_dim: dict = {}

    def __init__(self, batch_axis="batch", horizon_axis="horizon"):
        self.batch_axis = batch_axis
        self.horizon_axis = horizon_axis

    def split_args(self, projected):
        out, start = {}, 0
        for name, dim in self.args_dim.items():
            out[name] = projected[..., start:start + dim]
            start += dim
        return out


class NegativeBinomial:
    def __init__(self, mu, alpha, event_axis):
        self.mu, self.alpha, self.event_axis = mu, alpha, event_axis

    @property
    def mean(self):
        return self.mu

    def total_demand(self):
        return jax.lax.psum(self.mean.sum(axis=1, keepdims=True), self.event_axis)


class NegativeBinomialOutput(DistributionOutput):
    args_dim = {"mu": 1, "alpha": 1}

    def distribution(self, projected):
        args = self.split_args(projected)
        mu = jax.nn.softplus(args["mu"])[..., 0]
        alpha = jax.nn.softplus(args["alpha"])[..., 0]
        mu = jax.lax.all_gather(mu, self.horizon_axis, axis=1, tiled=True, to="reduced")
        return NegativeBinomial(mu, alpha, event_axis=self.horizon_axis)

    def demand(self, projected):
        return self.distribution(projected).total_demand()


def inputs():
    rng = np.random.default_rng(22)
    projected = rng.normal(size=(8, 16, 3)).astype(np.float32)
    target = rng.standard_t(5.0, size=(8, 16)).astype(np.float32)
    return projected, target


def main(projected, target):
    mesh = jax.make_mesh((2, 4), ("batch", "horizon"))
    spec3, spec2 = P("batch", "horizon", None), P("batch", "horizon")
    projected = jax.device_put(projected, NamedSharding(mesh, spec3))
    target = jax.device_put(target, NamedSharding(mesh, spec2))
    head = NegativeBinomialOutput()
    fn = jax.shard_map(head.demand, mesh=mesh, in_specs=spec3, out_specs=P("batch", None))
    return fn(projected)


if __name__ == "__main__":
    print(main(*inputs()))
