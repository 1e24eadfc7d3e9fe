"""moe-lit: an expert-parallel mixture-of-experts LM; hyperparameters and trainer arguments from a JSON run file.
"""
import functools
import inspect
import json

import jax
import jax.numpy as jnp
import numpy as np
import yaml
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


# ---------------------------------------------------------------------------------------------
# litekit: the small Lightning-like layer this repo carries instead of depending on lightning
# (LightningModule / LightningDataModule / Trainer / Strategy registry / LightningCLI / Fabric).
# ---------------------------------------------------------------------------------------------

class AttributeDict(dict):
    """hparams container: `self.hparams.lr` and `self.hparams["lr"]` both work."""

    def __getattr__(self, key):
        try:
            return self[key]
        except KeyError as exc:
            raise AttributeError(key) from exc

    def __setattr__(self, key, value):
        self[key] = value


class HyperparametersMixin:
    def save_hyperparameters(self, *, ignore=()):
        frame = inspect.currentframe().f_back
        init_args = inspect.getargvalues(frame)
        self._hparams = AttributeDict(
            {k: init_args.locals[k] for k in init_args.args[1:] if k not in ignore})
        self._hparams.update({k: v for k, v in init_args.locals.get(init_args.keywords or "", {}).items()})

    @property
    def hparams(self):
        if not hasattr(self, "_hparams"):
            self._hparams = AttributeDict()
        return self._hparams


class LightningModule(HyperparametersMixin):
    trainer = None

    @property
    def strategy(self):
        return self.trainer.strategy

    @property
    def device_mesh(self):
        return self.trainer.strategy.mesh

    def log(self, name, value, **kwargs):
        self.trainer.callback_metrics[name] = value

    # hooks (the Trainer calls them in its own order)
    def setup(self, stage):
        pass

    def configure_model(self):
        pass

    def configure_optimizers(self):
        return None

    def on_fit_end(self):
        pass

    def on_save_checkpoint(self, checkpoint):
        pass


class LightningDataModule(HyperparametersMixin):
    def prepare_data(self):
        pass

    def setup(self, stage):
        pass


class Callback:
    def setup(self, trainer, pl_module, stage):
        pass

    def on_train_batch_end(self, trainer, pl_module, outputs, batch, batch_idx):
        pass

    def on_validation_batch_end(self, trainer, pl_module, outputs, batch, batch_idx):
        pass

    def on_fit_end(self, trainer, pl_module):
        pass


STRATEGY_REGISTRY = {}


def register_strategy(name):
    def deco(cls):
        STRATEGY_REGISTRY[name] = cls
        cls.strategy_name = name
        return cls
    return deco


class Strategy:
    """Owns the device mesh and the shard_map wrapping of the step functions."""

    axis_names = ("data",)
    mesh_shape = (8,)

    def __init__(self, mesh_shape=None, axis_names=None):
        if mesh_shape is not None:
            self.mesh_shape = tuple(mesh_shape)
        if axis_names is not None:
            self.axis_names = tuple(axis_names)
        self.mesh = None

    def setup_environment(self):
        self.mesh = jax.make_mesh(self.mesh_shape, self.axis_names)

    def place(self, x, spec):
        return jax.device_put(x, NamedSharding(self.mesh, spec))

    def batch_spec(self, ndim):
        return P(self.axis_names[0], *([None] * (ndim - 1)))

    def place_batch(self, batch):
        return jax.tree.map(lambda a: self.place(a, self.batch_spec(a.ndim)), batch)

    def wrap(self, fn, in_specs, out_specs):
        return jax.jit(jax.shard_map(fn, mesh=self.mesh, in_specs=in_specs, out_specs=out_specs))


@register_strategy("ddp")
class DDPStrategy(Strategy):
    axis_names = ("data",)
    mesh_shape = (8,)


@register_strategy("fsdp")
class FSDPStrategy(Strategy):
    axis_names = ("replicate", "shard")
    mesh_shape = (4, 2)

    @property
    def data_axes(self):
        return self.axis_names

    def batch_spec(self, ndim):
        return P(self.data_axes, *([None] * (ndim - 1)))

    @property
    def shard_axis(self):
        return self.axis_names[-1]


@register_strategy("tensor_parallel")
class ModelParallelStrategy(Strategy):
    axis_names = ("data", "tensor")
    mesh_shape = (4, 2)

    @property
    def dp_axis(self):
        return self.axis_names[0]

    @property
    def tp_axis(self):
        return self.axis_names[1]


def _resolve_strategy(strategy, **kwargs):
    if isinstance(strategy, Strategy):
        return strategy
    return STRATEGY_REGISTRY[strategy](**kwargs)


class Trainer:
    def __init__(self, strategy="ddp", callbacks=(), max_steps=1, precision="32-true", **strategy_kwargs):
        self.strategy = _resolve_strategy(strategy, **strategy_kwargs)
        self.callbacks = list(callbacks)
        self.max_steps = max_steps
        self.precision = PRECISION_PLUGINS[precision]()
        self.callback_metrics = {}
        self.global_step = 0

    def fit(self, model, datamodule):
        self.strategy.setup_environment()
        model.trainer = self
        self.lightning_module = model
        with jax.set_mesh(self.strategy.mesh):
            datamodule.prepare_data()
            datamodule.setup("fit")
            for cb in self.callbacks:
                cb.setup(self, model, "fit")
            model.setup("fit")
            model.configure_model()
            model.optimizer = model.configure_optimizers()
            for batch_idx, batch in enumerate(datamodule.train_dataloader()):
                if batch_idx >= self.max_steps:
                    break
                batch = self.strategy.place_batch(self.precision.convert_input(batch))
                outputs = model.training_step(batch, batch_idx)
                for cb in self.callbacks:
                    cb.on_train_batch_end(self, model, outputs, batch, batch_idx)
                self.global_step += 1
            for batch_idx, batch in enumerate(datamodule.val_dataloader()):
                batch = self.strategy.place_batch(self.precision.convert_input(batch))
                outputs = model.validation_step(batch, batch_idx)
                for cb in self.callbacks:
                    cb.on_validation_batch_end(self, model, outputs, batch, batch_idx)
            model.on_fit_end()
            for cb in self.callbacks:
                cb.on_fit_end(self, model)
        return self.callback_metrics

    def save_checkpoint(self, filepath):
        checkpoint = {"global_step": self.global_step, "filepath": filepath, "state_dict": {}}
        self.lightning_module.on_save_checkpoint(checkpoint)
        return checkpoint


class Precision:
    dtype = jnp.float32

    def convert_input(self, batch):
        return jax.tree.map(lambda a: a.astype(self.dtype) if a.dtype.kind == "f" else a, batch)


class HalfPrecision(Precision):
    dtype = jnp.bfloat16


PRECISION_PLUGINS = {"32-true": Precision, "bf16-mixed": Precision, "bf16-true": HalfPrecision}


class Fabric:
    """The lightweight alternative: fabric.launch(fn), fabric.setup(model, optimizer)."""

    def __init__(self, strategy="ddp", precision="32-true", **strategy_kwargs):
        self.strategy = _resolve_strategy(strategy, **strategy_kwargs)
        self.precision = PRECISION_PLUGINS[precision]()
        self.logged = {}

    def launch(self, fn, *args, **kwargs):
        self.strategy.setup_environment()
        with jax.set_mesh(self.strategy.mesh):
            return fn(self, *args, **kwargs)

    def setup(self, model, optimizer=None):
        model.fabric = self
        model.setup_parameters(self.strategy)
        return model, optimizer

    def log_dict(self, metrics):
        self.logged.update(metrics)


CLASS_REGISTRY = {}


def cli_class(cls):
    CLASS_REGISTRY[f"{cls.__module__}.{cls.__name__}".split(".")[-1]] = cls
    return cls


def instantiate_class(config):
    """jsonargparse style: {"class_path": "pkg.mod.Name", "init_args": {...}}, nested."""
    if isinstance(config, dict) and "class_path" in config:
        cls = CLASS_REGISTRY[config["class_path"].split(".")[-1]]
        kwargs = {k: instantiate_class(v) for k, v in config.get("init_args", {}).items()}
        return cls(**kwargs)
    if isinstance(config, list):
        return [instantiate_class(v) for v in config]
    return config


class LightningCLI:
    def __init__(self, config_text, args=()):
        config = yaml.safe_load(config_text)
        for arg in args:  # --trainer.strategy=fsdp style overrides
            key, value = arg.lstrip("-").split("=", 1)
            node = config
            *parents, leaf = key.split(".")
            for p in parents:
                node = node.setdefault(p, {})
            node[leaf] = yaml.safe_load(value)
        self.config = config
        self.model = instantiate_class(config["model"])
        self.datamodule = instantiate_class(config["data"])
        trainer_cfg = dict(config.get("trainer", {}))
        trainer_cfg["callbacks"] = instantiate_class(trainer_cfg.get("callbacks", []))
        self.trainer = Trainer(**trainer_cfg)

    def run(self):
        return self.trainer.fit(self.model, self.datamodule)


# ---------------------------------------------------------------------------------------------
# mixture-of-experts language model with expert parallelism: experts split over an "expert"
# mesh axis; hyperparameters and trainer arguments come from JSON run files
# ---------------------------------------------------------------------------------------------

RUN_JSON = """
{
  "model": {"vocab": 32, "d_model": 8, "d_ff": 16, "n_experts": 8, "lr": 0.05,
            "aux_weight": 0.01, "data_axis": "data", "expert_axis": "expert",
            "load_log_axis": "data", "export_reduced": ["expert"]},
  "trainer": {"strategy": "ddp", "mesh_shape": [4, 2], "axis_names": ["data", "expert"],
              "max_steps": 2, "precision": "bf16-mixed"},
  "data": {"batch_size": 8, "seq_len": 4}
}
"""


class TokenStream(LightningDataModule):
    def __init__(self, batch_size=8, seq_len=4, vocab=32):
        super().__init__()
        self.save_hyperparameters()

    def setup(self, stage):
        rng = np.random.default_rng(9)
        hp = self.hparams
        self.tokens = rng.integers(0, hp.vocab, size=(hp.batch_size * 3, hp.seq_len + 1)).astype(np.int32)

    def train_dataloader(self):
        bs = self.hparams.batch_size
        return ({"tokens": self.tokens[i * bs:(i + 1) * bs]} for i in range(2))

    def val_dataloader(self):
        return iter([{"tokens": self.tokens[-self.hparams.batch_size:]}])


class MoELM(LightningModule):
    def __init__(self, vocab=32, d_model=8, d_ff=16, n_experts=8, lr=0.05, aux_weight=0.01,
                 data_axis="data", expert_axis="expert", load_log_axis="data", export_reduced=("expert",)):
        super().__init__()
        self.save_hyperparameters()

    def configure_model(self):
        hp = self.hparams
        d, e = hp["data_axis"], hp["expert_axis"]
        rng = np.random.default_rng(8)
        shapes = {"embed": (hp["vocab"], hp["d_model"]), "gate": (hp["d_model"], hp["n_experts"]),
                  "w1": (hp["n_experts"], hp["d_model"], hp["d_ff"]), "w2": (hp["n_experts"], hp["d_ff"], hp["d_model"]),
                  "unembed": (hp["d_model"], hp["vocab"])}
        self.specs = {"embed": P(None, None), "gate": P(None, None), "w1": P(e, None, None),
                      "w2": P(e, None, None), "unembed": P(None, None)}
        self.params = {k: self.strategy.place((0.2 * rng.standard_normal(s)).astype(np.float32), self.specs[k])
                       for k, s in shapes.items()}
        tok = P(d, None)
        self._train = self.strategy.wrap(self._train_step, in_specs=(self.specs, tok), out_specs=(self.specs, P()))
        self._val = self.strategy.wrap(self._val_step, in_specs=(self.specs, tok), out_specs=self.val_specs())

    def val_specs(self):
        d, axis = self.hparams["data_axis"], self.hparams["load_log_axis"]
        return {"nll": P(), "load": P(None if axis == d else d, reduced={axis}),
                "back": P((d, self.hparams["expert_axis"]), None, None, None)}

    def local_probs(self, probs):
        """The router probabilities of this rank's experts."""
        n_local = self.params["w1"].shape[0] // jax.lax.axis_size(self.hparams["expert_axis"])
        start = jax.lax.axis_index(self.hparams["expert_axis"]) * n_local
        return jax.lax.dynamic_slice_in_dim(probs, start, n_local, axis=-1)

    def moe(self, params, x):
        e = self.hparams["expert_axis"]
        probs = jax.nn.softmax(x @ params["gate"], axis=-1)                     # (b, s, n_experts)
        h = jax.nn.gelu(jnp.einsum("bsd,edf->bsef", x, params["w1"]))
        y_local = jnp.einsum("bsef,efd->bsed", h, params["w2"])                  # this rank's experts
        mixed = jnp.sum(y_local * self.local_probs(probs)[..., None], axis=2)
        return jax.lax.psum(mixed, e), probs, y_local

    def forward(self, params, tokens):
        x = params["embed"][tokens]
        y, probs, y_local = self.moe(params, x)
        return (x + y) @ params["unembed"], probs, y_local

    def loss_fn(self, params, tokens):
        logits, probs, _ = self.forward(params, tokens[:, :-1])
        logp = jax.nn.log_softmax(logits)
        nll = -jnp.mean(jnp.take_along_axis(logp, tokens[:, 1:, None], axis=-1))
        load = jnp.mean(probs, axis=(0, 1))
        return nll + self.hparams["aux_weight"] * jnp.sum(load * load) * self.hparams["n_experts"]

    def _train_step(self, params, tokens):
        loss, grads = jax.value_and_grad(self.loss_fn)(params, tokens)
        loss = jax.lax.pmean(loss, self.hparams["data_axis"])
        return jax.tree.map(lambda p, g: p - self.hparams["lr"] * g, params, grads), loss

    def _val_step(self, params, tokens):
        hp = self.hparams
        logits, probs, y_local = self.forward(params, tokens[:, :-1])
        logp = jax.nn.log_softmax(logits)
        nll = jax.lax.pmean(-jnp.mean(jnp.take_along_axis(logp, tokens[:, 1:, None], axis=-1)), hp["data_axis"])
        load = jnp.mean(probs, axis=(0, 1))                                      # routing share per expert
        y_full = jax.lax.all_gather(y_local, hp["expert_axis"], axis=2, tiled=True, to="reduced")
        back = jax.lax.all_to_all(y_full, hp["expert_axis"], split_axis=2, concat_axis=0, tiled=True)
        return {"nll": nll, "load": jax.lax.all_gather(load, hp["load_log_axis"], tiled=True, to="reduced"),
                "back": back}

    def training_step(self, batch, batch_idx):
        self.params, loss = self._train(self.params, batch["tokens"])
        self.log("train_loss", loss)
        return loss

    def validation_step(self, batch, batch_idx):
        out = self._val(self.params, batch["tokens"])
        self.log("val_nll", out["nll"])
        return out

    def on_save_checkpoint(self, checkpoint):
        reduced = set(self.hparams["export_reduced"])
        for name in ("w1", "w2"):
            checkpoint["state_dict"][name] = top_level_all_gather(self.params[name], P(None, None, None, reduced=reduced))


def inputs():
    return (json.loads(RUN_JSON),)


def main(run):
    trainer = Trainer(**run["trainer"])
    model = MoELM(**run["model"])
    metrics = trainer.fit(model, TokenStream(vocab=run["model"]["vocab"], **run["data"]))
    with jax.set_mesh(trainer.strategy.mesh):
        ckpt = trainer.save_checkpoint("moe-last.ckpt")
    return metrics["val_nll"], ckpt["state_dict"]["w1"]


if __name__ == "__main__":
    main(*inputs())
