"""Online variational Bayes LDA: the E-step's statistics pooled in one gather for the M-step."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class OnlineLDA:
    def __init__(self, mesh, alpha=0.1, tau0=64.0, kappa=0.7):
        self.docs_axis, self.topics_axis = mesh.axis_names
        self.alpha, self.tau0, self.kappa = alpha, tau0, kappa

    def e_step(self, gamma):
        return jnp.log(gamma + self.alpha)

    def sufficient_stats(self, gamma):
        elog_theta = self.e_step(gamma)
        return jax.lax.all_gather(elog_theta, (self.docs_axis, self.topics_axis), axis=0,
                                  tiled=False, to="reduced")


def inputs():
    rng = np.random.default_rng(61)
    return (rng.gamma(1.0, 1.0, (16, 8)).astype(np.float32),)


def main(gamma):
    mesh = jax.make_mesh((4, 2), ("docs", "topics"))
    model = OnlineLDA(mesh)
    gamma = jax.device_put(gamma, NamedSharding(mesh, P("docs", "topics")))
    fn = jax.shard_map(model.sufficient_stats, mesh=mesh, in_specs=P("docs", "topics"),
                       out_specs=P(reduced={"docs", "topics"}))
    return fn(gamma)


if __name__ == "__main__":
    print(main(*inputs()))
