"""train/masked_loss.py in an imagined maxtext-lite fork: token-masked cross entropy.

The loss mask comes from the packing pipeline, which produces one mask per data replica (the
`mask_batch` rule); the token count used to normalise the loss is summed over the mask's own axis.
"""
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


# ----------------------------------------------------------------------------
# pyconfig_lite: copied from configs/pyconfig_lite.py (keep in sync by hand)
# ----------------------------------------------------------------------------
_BASE_CONFIG = {
    "run_name": "lite",
    "per_device_batch_size": 1,
    "max_target_length": 8,
    "emb_dim": 16,
    "mlp_dim": 32,
    "num_heads": 4,
    "head_dim": 4,
    "vocab_size": 32,
    "num_decoder_layers": 2,
    "learning_rate": 1e-2,
    "dtype": "float32",
    "mesh_axes": ["data", "fsdp", "tensor"],
    "ici_parallelism": [2, 2, 2],
    "logical_axis_rules": (
        ("activation_batch", ("data", "fsdp")),
        ("activation_length", None),
        ("activation_embed", None),
        ("activation_heads", "tensor"),
        ("activation_mlp", "tensor"),
        ("activation_vocab", "tensor"),
        ("embed", "fsdp"),
        ("heads", "tensor"),
        ("mlp", "tensor"),
        ("vocab", "tensor"),
        ("norm", None),
    ),
}


def _coerce(old, text):
    if isinstance(old, bool):
        return text.lower() in ("1", "true", "yes")
    if isinstance(old, int):
        return int(text)
    if isinstance(old, float):
        return float(text)
    if isinstance(old, list):
        return [_coerce(old[0], t) if old else t for t in text.split(",")]
    if text in ("None", "none", ""):
        return None
    if "," in text:
        return tuple(t for t in text.split(",") if t)
    return text


class HyperParameters:
    """Base dict + `key=value` overrides; `rule.<logical>=<axis>` rewrites one logical rule."""

    def __init__(self, argv=()):
        raw = dict(_BASE_CONFIG)
        rules = dict(raw["logical_axis_rules"])
        for item in argv:
            key, _, val = item.partition("=")
            if key.startswith("rule."):
                rules[key[len("rule."):]] = _coerce(None, val)
            else:
                raw[key] = _coerce(raw.get(key), val)
        raw["logical_axis_rules"] = tuple(rules.items())
        raw["num_devices"] = int(np.prod(raw["ici_parallelism"]))
        raw["global_batch_size"] = raw["per_device_batch_size"] * raw["num_devices"]
        raw["num_kv"] = raw["num_heads"] * raw["head_dim"]
        self.__dict__.update(raw)

    def get_keys(self):
        return dict(self.__dict__)


def create_device_mesh(config):
    return jax.make_mesh(tuple(config.ici_parallelism), tuple(config.mesh_axes))


def _rule(name, rules):
    for logical, physical in rules:
        if logical == name:
            return physical
    return None


def logical_to_mesh_axes(logical_names, rules):
    """('activation_batch', 'activation_embed') -> P(('data', 'fsdp'), None)."""
    return P(*(None if n is None else _rule(n, rules) for n in logical_names))


def logical_axis_names(logical_names, rules):
    """Flat tuple of the mesh axes the logical names map to (for collectives)."""
    out = []
    for n in logical_names:
        phys = _rule(n, rules)
        if phys is None:
            continue
        out.extend(phys if isinstance(phys, tuple) else (phys,))
    return tuple(dict.fromkeys(out))


def with_logical_constraint(x, logical_names, mesh, rules):
    spec = logical_to_mesh_axes(logical_names, rules)
    return jax.device_put(x, NamedSharding(mesh, spec))
# ----------------------------------------------------------------------------


MASK_RULES = (("mask_batch", "data"),)


def masked_nll(logits, targets, mask):
    logp = jax.nn.log_softmax(logits, axis=-1)
    nll = -jnp.take_along_axis(logp, targets[..., None], axis=-1)[..., 0]
    return jnp.sum(nll * mask)


class MaskedLoss:
    def __init__(self, config, mesh):
        self.config = config
        self.mesh = mesh
        self.rules = config.logical_axis_rules + MASK_RULES
        self.batch_axes = logical_axis_names(("activation_batch",), self.rules)

    def specs(self):
        r = self.rules
        return (logical_to_mesh_axes(("activation_batch", "activation_length", None), r),
                logical_to_mesh_axes(("activation_batch", "activation_length"), r),
                logical_to_mesh_axes(("mask_batch", "activation_length"), r))

    def body(self, logits, targets, mask):
        start = jax.lax.axis_index("fsdp") * logits.shape[0]
        local_mask = jax.lax.dynamic_slice_in_dim(mask, start, logits.shape[0], axis=0)
        total = jax.lax.psum(masked_nll(logits, targets, local_mask), self.batch_axes)
        count = jax.lax.psum(jnp.sum(mask), logical_axis_names(("mask_batch",), self.rules))
        return total / jnp.maximum(count, 1.0)

    def __call__(self, logits, targets, mask):
        return jax.shard_map(self.body, mesh=self.mesh, in_specs=self.specs(), out_specs=P())(logits, targets, mask)


def inputs():
    return (["run_name=masked", "max_target_length=6", "vocab_size=16"],)


def main(argv):
    config = HyperParameters(argv)
    mesh = create_device_mesh(config)
    loss = MaskedLoss(config, mesh)
    rules = loss.rules
    rng = np.random.default_rng(13)
    b, l = config.global_batch_size, config.max_target_length
    logits = rng.standard_normal((b, l, config.vocab_size)).astype(np.float32)
    targets = rng.integers(0, config.vocab_size, (b, l)).astype(np.int32)
    mask = (rng.uniform(size=(b, l)) > 0.2).astype(np.float32)
    logits = with_logical_constraint(logits, ("activation_batch", "activation_length", None), mesh, rules)
    targets = with_logical_constraint(targets, ("activation_batch", "activation_length"), mesh, rules)
    mask = with_logical_constraint(mask, ("mask_batch", "activation_length"), mesh, rules)
    with jax.set_mesh(mesh):
        value = loss(logits, targets, mask)
    print("masked loss", float(value))


if __name__ == "__main__":
    main(*inputs())
