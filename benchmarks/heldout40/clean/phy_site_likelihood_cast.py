"""Per-site log-likelihood of an alignment under a gamma mixture of substitution rates."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MODELS = {}


def substitution_model(name):
    def register(cls):
        cls.name = name
        MODELS[name] = cls
        return cls
    return register


class SubstitutionModel:
    def transition(self, t):
        raise NotImplementedError


@substitution_model("JC69")
class JukesCantor(SubstitutionModel):
    def transition(self, t):
        same = 0.25 + 0.75 * jnp.exp(-4.0 * t / 3.0)
        return same


class Tree:
    def __init__(self, model, rate_axis="rate"):
        self.model = model
        self.rate_axis = rate_axis

    def site_likelihood(self, branch):
        per_category = self.model.transition(branch)
        mixture = jax.lax.psum(per_category, self.rate_axis) / 2.0
        mixture = jax.lax.pcast(mixture, self.rate_axis, to="varying")
        return jax.lax.all_gather(jnp.log(mixture), self.rate_axis, axis=0, tiled=True,
                                  to="reduced")


def inputs():
    t = np.random.default_rng(40).uniform(0.01, 0.5, size=(8, 32)).astype(np.float32)
    return (t,)


def main(branch):
    mesh = jax.make_mesh((2, 4), ("rate", "site"))
    branch = jax.device_put(branch, NamedSharding(mesh, P("rate", "site")))
    tree = Tree(MODELS["JC69"]())
    return jax.shard_map(tree.site_likelihood, mesh=mesh, in_specs=P("rate", "site"),
                         out_specs=P(None, "site", reduced={"rate"}))(branch)


if __name__ == "__main__":
    main(*inputs())
