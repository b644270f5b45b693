# syntax=docker/dockerfile:1
# One remote's image: build that bundle, serve it with nginx from its own origin.
# docker build -f deploy/remote.Dockerfile --build-arg REMOTE=public-remote .

FROM node:22-bookworm-slim AS build
ARG REMOTE
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY web/package.json web/
COPY api/package.json api/
COPY host/package.json host/
COPY public-remote/package.json public-remote/
COPY admin-remote/package.json admin-remote/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY . .
RUN npm run build -w @friends/shared && npm run build -w @friends/${REMOTE}

FROM nginx:1.27-alpine AS serve
ARG REMOTE
COPY deploy/nginx-remote.conf /etc/nginx/templates/default.conf.template
COPY --from=build /app/${REMOTE}/dist /usr/share/nginx/html
EXPOSE 80
HEALTHCHECK --interval=10s --timeout=3s --retries=5 CMD wget -qO- http://127.0.0.1/mf-manifest.json >/dev/null || exit 1
