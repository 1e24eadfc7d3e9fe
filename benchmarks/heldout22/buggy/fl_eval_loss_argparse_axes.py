"""Federated evaluation: per-client loss of a model-sharded classifier, averaged over the federation."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--client-axis", default="clients")
    parser.add_argument("--model-axis", default="model")
    parser.add_argument("--reduce-over", default="clients,model",
                        help="comma-separated mesh axes the reported loss is averaged over")
    return parser.parse_args(argv)


def evaluate(args):
    reduce_axes = tuple(args.reduce_over.split(","))

    def body(logits_shard, labels_onehot_shard):
        # softmax-free squared loss: the class dimension is split over the model axis
        per_client = jax.lax.psum(jnp.sum((logits_shard - labels_onehot_shard) ** 2), args.model_axis)
        return jax.lax.pmean(per_client, reduce_axes)

    return body


def inputs():
    rng = np.random.default_rng(11)
    logits = rng.normal(size=(8, 12)).astype(np.float32)
    labels = np.eye(12, dtype=np.float32)[rng.integers(0, 12, size=8)]
    return logits, labels


def main(logits, labels, argv=()):
    args = parse_args(list(argv))
    mesh = jax.make_mesh((2, 4), (args.client_axis, args.model_axis))
    spec = P(args.client_axis, args.model_axis)
    logits = jax.device_put(logits, NamedSharding(mesh, spec))
    labels = jax.device_put(labels, NamedSharding(mesh, spec))
    fn = jax.shard_map(evaluate(args), mesh=mesh, in_specs=(spec, spec), out_specs=P())
    return fn(logits, labels)


if __name__ == "__main__":
    print(main(*inputs()))
