"""Sampling with a jitted DDPM loop and a latents checkpoint laid out from the scheduler config."""
import dataclasses
import functools
import inspect
import json
from typing import Optional

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

# ---- configuration_utils.py ----

class FrozenDict(dict):
    """A config dict readable by attribute that nobody may change after __init__."""

    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError as exc:
            raise AttributeError(f"config has no attribute {name!r}") from exc

    def __setitem__(self, key, value):
        raise TypeError(f"cannot set {key!r}: the config is frozen")


class ConfigMixin:
    config_name = "config.json"
    ignore_for_config = ()

    def register_to_config(self, **kwargs):
        internal = dict(getattr(self, "_internal_dict", {}))
        internal.update(kwargs)
        self._internal_dict = FrozenDict(internal)

    @property
    def config(self):
        return self._internal_dict

    @classmethod
    def from_config(cls, config, **kwargs):
        accepted = inspect.signature(cls.__init__).parameters
        merged = {**dict(config), **kwargs}
        return cls(**{k: v for k, v in merged.items() if k in accepted})

    def save_config(self):
        return json.dumps(dict(self.config), sort_keys=True)


def register_to_config(init):
    @functools.wraps(init)
    def inner(self, *args, **kwargs):
        bound = inspect.signature(init).bind(self, *args, **kwargs)
        bound.apply_defaults()
        kept = {k: v for k, v in bound.arguments.items()
                if k != "self" and k not in self.ignore_for_config}
        self.register_to_config(**kept)
        init(self, *args, **kwargs)

    return inner

# ---- parallel_utils.py (pasted from diffusers_jax/utils/parallel_utils.py) ----

def create_mesh(shape, axis_names):
    return jax.make_mesh(tuple(shape), tuple(axis_names))


def shard(x, mesh, spec):
    return jax.device_put(x, NamedSharding(mesh, spec))


def spec_from_layout(layout, reduced=()):
    """`"data,model"` -> P('data', 'model'); `-` marks an unsharded dimension."""
    dims = [None if part == "-" else part for part in layout.split(",")]
    return P(*dims, reduced=set(reduced))


REDUCTIONS = {"sum": jax.lax.psum, "mean": jax.lax.pmean, "max": jax.lax.pmax}


def sync(x, reduction, axis_name):
    return REDUCTIONS[reduction](x, axis_name)


def gather_reduced(x, axis_name, axis=0):
    return jax.lax.all_gather(x, axis_name, axis=axis, tiled=True, to="reduced")

# ---- scheduling_utils.py ----

@dataclasses.dataclass
class SchedulerOutput:
    prev_sample: jax.Array
    pred_original_sample: Optional[jax.Array] = None


def betas_for_schedule(beta_schedule, beta_start, beta_end, num_train_timesteps):
    if beta_schedule == "linear":
        return np.linspace(beta_start, beta_end, num_train_timesteps, dtype=np.float64)
    elif beta_schedule == "scaled_linear":
        return np.linspace(beta_start ** 0.5, beta_end ** 0.5, num_train_timesteps, dtype=np.float64) ** 2
    raise NotImplementedError(f"{beta_schedule} is not implemented")


class SchedulerMixin(ConfigMixin):
    order = 1

    def _init_schedule(self):
        cfg = self.config
        self.betas = betas_for_schedule(cfg.beta_schedule, cfg.beta_start, cfg.beta_end, cfg.num_train_timesteps)
        self.alphas = 1.0 - self.betas
        self.alphas_cumprod = np.cumprod(self.alphas)
        self.timesteps = np.arange(0, cfg.num_train_timesteps)[::-1].copy()

    def set_timesteps(self, num_inference_steps):
        step_ratio = self.config.num_train_timesteps // num_inference_steps
        self.num_inference_steps = num_inference_steps
        self.timesteps = (np.arange(0, num_inference_steps) * step_ratio).round()[::-1].astype(np.int64)

    def previous_timestep(self, timestep):
        return timestep - self.config.num_train_timesteps // self.num_inference_steps

# ---- scheduling_ddpm.py ----

class DDPMScheduler(SchedulerMixin):
    @register_to_config
    def __init__(self, num_train_timesteps=1000, beta_start=0.0001, beta_end=0.02, beta_schedule="linear",
                 checkpoint_layout="-,-", checkpoint_reduced=()):
        self._init_schedule()

    def step(self, model_output, timestep, sample):
        prev_t = self.previous_timestep(timestep)
        alpha_prod_t = self.alphas_cumprod[timestep]
        alpha_prod_t_prev = self.alphas_cumprod[prev_t] if prev_t >= 0 else 1.0
        current_alpha_t = alpha_prod_t / alpha_prod_t_prev
        pred_original_sample = (sample - (1 - alpha_prod_t) ** 0.5 * model_output) / alpha_prod_t ** 0.5
        coeff_x0 = alpha_prod_t_prev ** 0.5 * (1 - current_alpha_t) / (1 - alpha_prod_t)
        coeff_xt = current_alpha_t ** 0.5 * (1 - alpha_prod_t_prev) / (1 - alpha_prod_t)
        return SchedulerOutput(prev_sample=coeff_x0 * pred_original_sample + coeff_xt * sample,
                               pred_original_sample=pred_original_sample)

    def checkpoint_sharding(self):
        return spec_from_layout(self.config.checkpoint_layout, reduced=self.config.checkpoint_reduced)


SCHEDULER_CONFIG = """{
  "_class_name": "DDPMScheduler",
  "_diffusers_version": "0.27.0",
  "beta_schedule": "linear",
  "num_train_timesteps": 1000,
  "checkpoint_layout": "-,mp",
  "checkpoint_reduced": ["dp"]
}"""


def fake_unet(sample, t):
    return jnp.tanh(sample) * (t / 1000.0)


def inputs():
    return (np.random.default_rng(8).standard_normal((8, 16), dtype=np.float32),)


def main(latents):
    mesh = create_mesh((4, 2), ("dp", "mp"))
    scheduler = DDPMScheduler.from_config(json.loads(SCHEDULER_CONFIG))
    scheduler.set_timesteps(5)

    def sample_loop(latents):
        for t in scheduler.timesteps:
            latents = scheduler.step(fake_unet(latents, int(t)), int(t), latents).prev_sample
        return latents

    with jax.set_mesh(mesh):
        latents = shard(latents, mesh, P("dp", "mp"))
        latents = jax.jit(sample_loop, out_shardings=NamedSharding(mesh, P("dp", "mp")))(latents)
        checkpoint = {"latents": top_level_all_gather(latents, scheduler.checkpoint_sharding()),
                      "scheduler_config": scheduler.save_config()}
    return checkpoint["latents"]


if __name__ == "__main__":
    main(*inputs())
